import type { DbOrTx } from '../../kit/db.ts';
import { opNews } from './op-news.table.ts';

/**
 * The demo platform news, on every user's home page: a pinned welcome saying where to start, and
 * news of the dealer sites' stock pages, both in Russian and English, written by the administrator.
 */
export async function seedDemoNews(db: DbOrTx, adminId: number) {
  const by = { created_by: adminId, updated_by: adminId };
  await db.insert(opNews).values([
    {
      ...by,
      title_ru: 'Добро пожаловать в панель управления',
      title_en: 'Welcome to the dealer platform',
      text_ru:
        'Здесь вы ведёте сайты дилера, их страницы, автомобили в наличии, кредитные программы и скидки, а также заявки, которые приносят сайты.\n\n- **Сайт**: выберите сайт, чтобы править страницы и смотреть заявки.\n- **Справочники**: каталог, кредит, выгоды.\n- **Настройки**: пользователи, роли и доступ.',
      text_en:
        "Here you run the dealer's sites, their pages, the cars in stock, loan programmes and discounts, and the requests the sites bring.\n\n- **Site**: choose a site to edit its pages and read its requests.\n- **Dictionaries**: the catalogue, credit, benefits.\n- **Settings**: users, roles and access.",
      pinned: true,
    },
    {
      ...by,
      title_ru: 'Автомобили в наличии на сайтах',
      title_en: 'Cars in stock on the sites',
      text_ru:
        'Сайты показывают новые автомобили и автомобили с пробегом с фильтрами, ежемесячным платежом и выгодами дилера. Цена, метка или настройка, изменённые здесь, сразу видны на сайте, а заявки со страниц автомобилей приходят в раздел **Авто в наличии**.',
      text_en:
        "The sites show new and used cars with filters, the monthly payment and the dealer's discounts. A price, a label or a setting changed here shows on the site at once, and the requests from the car pages arrive under **Cars in stock**.",
    },
  ]);
}
