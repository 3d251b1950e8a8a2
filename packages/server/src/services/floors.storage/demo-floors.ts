import { eq } from 'drizzle-orm';
import { DEMO_FLOOR_GROUPS, floorValueProblems } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { clients } from '../clients.storage/client.table.ts';
import { floorGroups, floors } from './floor.table.ts';

/**
 * Demo floors: the platform's library (header with logo and menu, footer with contacts, text,
 * cards, contacts, news and specials lists, buttons, a request form, a constructor form's place) and one client's own floor.
 * The demo pages and layouts (sites.context demo-content.ts) and the demo sites' content
 * (site-renderer demo-site-content.ts) place them by code (DEMO_FLOOR_CODES).
 */
export const DEMO_FLOOR_CODES = {
  header: 'header-main',
  footer: 'footer-main',
  about: 'about-dealer',
  cards: 'services-cards',
  contacts: 'dealer-contacts',
  news: 'news-latest',
  specials: 'specials-current',
  buttons: 'cta-buttons',
  form: 'callback-form',
  customForm: 'constructor-form',
} as const;

const GROUPS = Object.entries(DEMO_FLOOR_GROUPS).map(([key, group]) => ({ key: key as keyof typeof DEMO_FLOOR_GROUPS, name: group.name.ru, description: group.description.ru, position: group.position }));

type Group = keyof typeof DEMO_FLOOR_GROUPS;
interface DemoFloor {
  code: string;
  title: string;
  description: string;
  component: string;
  group: Group;
  values: Record<string, unknown>;
  official?: boolean;
  background?: string | null;
  title_position?: string;
  offset_top?: string;
  offset_bottom?: string;
  alignment?: string;
}

const PLATFORM_FLOORS: DemoFloor[] = [
  {
    code: DEMO_FLOOR_CODES.header,
    title: 'Шапка сайта',
    description: 'Логотип дилера, меню из дерева страниц, телефон и кнопка записи на тест-драйв',
    component: 'header',
    group: 'frame',
    official: true,
    title_position: 'hidden',
    offset_top: 'none',
    offset_bottom: 'none',
    background: 'white',
    values: {
      show_logo: true,
      menu_from_pages: true,
      menu: [
        { text: 'Автомобили в наличии', link: '/cars' },
        { text: 'Сервис', link: '/service' },
      ],
      phone: '+7 (800) 555-35-35',
      button: { text: 'Тест-драйв', link: '/test-drive' },
    },
  },
  {
    code: DEMO_FLOOR_CODES.footer,
    title: 'Подвал сайта',
    description: 'Адрес и телефоны дилерского центра, меню ссылок, соцсети и копирайт',
    component: 'footer',
    group: 'frame',
    official: true,
    title_position: 'hidden',
    offset_bottom: 'none',
    background: 'dark',
    values: {
      address: 'Москва, Дмитровское шоссе, 161',
      phones: [
        { label: 'Отдел продаж', phone: '+7 (800) 555-35-35' },
        { label: 'Сервис', phone: '+7 (800) 555-35-36' },
      ],
      email: 'info@dealer.test',
      menu: [
        { text: 'О компании', link: '/about' },
        { text: 'Новости', link: '/news' },
        { text: 'Спецпредложения', link: '/specials' },
        { text: 'Контакты', link: '/contacts' },
        { text: 'Политика конфиденциальности', link: '/privacy' },
      ],
      social: [
        { network: 'vk', url: 'https://vk.com/dealer' },
        { network: 'telegram', url: 'https://t.me/dealer' },
      ],
      copyright: '© Официальный дилер',
    },
  },
  {
    code: DEMO_FLOOR_CODES.about,
    title: 'О дилерском центре',
    description: 'Текст о дилере: история, преимущества и ссылка на контакты',
    component: 'text',
    group: 'content',
    values: {
      title: 'О дилерском центре',
      body: [
        'Мы работаем **с 1998 года** и продали больше 40 000 автомобилей.',
        '',
        '## Почему выбирают нас',
        '- официальная гарантия производителя',
        '- собственный сервис и склад запчастей',
        '- *кредит и трейд-ин* в день обращения',
        '',
        'Приезжайте в гости: [как нас найти](/contacts).',
      ].join('\n'),
    },
  },
  {
    code: DEMO_FLOOR_CODES.cards,
    title: 'Услуги дилера',
    description: 'Три карточки: кредит, трейд-ин и сервисное обслуживание со ссылками на страницы',
    component: 'cards',
    group: 'content',
    background: 'light',
    values: {
      title: 'Услуги',
      columns: '3',
      cards: [
        { title: 'Кредит от 5,9%', text: 'Одобрение за 30 минут в 12 банках-партнёрах', link: '/credit', link_text: 'Рассчитать платёж' },
        { title: 'Трейд-ин', text: 'Оценим ваш автомобиль за 15 минут и зачтём в стоимость нового', link: '/trade-in', link_text: 'Оценить автомобиль' },
        { title: 'Сервис', text: 'Техническое обслуживание по регламенту производителя', link: '/service', link_text: 'Записаться' },
      ],
    },
  },
  {
    code: DEMO_FLOOR_CODES.contacts,
    title: 'Контакты дилера',
    description: 'Адрес, телефоны отделов, часы работы и ссылка на карту',
    component: 'contacts',
    group: 'content',
    values: {
      title: 'Как нас найти',
      address: 'Москва, Дмитровское шоссе, 161',
      phones: [
        { label: 'Отдел продаж', phone: '+7 (800) 555-35-35' },
        { label: 'Сервис', phone: '+7 (800) 555-35-36' },
      ],
      email: 'info@dealer.test',
      hours: [
        { days: 'Пн–Пт', time: '09:00–21:00' },
        { days: 'Сб–Вс', time: '10:00–20:00' },
      ],
      map_link: 'https://yandex.ru/maps/?text=%D0%94%D0%BC%D0%B8%D1%82%D1%80%D0%BE%D0%B2%D1%81%D0%BA%D0%BE%D0%B5%20%D1%88%D0%BE%D1%81%D1%81%D0%B5%20161',
    },
  },
  {
    code: DEMO_FLOOR_CODES.news,
    title: 'Последние новости',
    description: 'Три последние новости сайта со ссылкой на все новости',
    component: 'news_list',
    group: 'lists',
    values: { title: 'Новости', limit: 3, all_link: '/news' },
  },
  {
    code: DEMO_FLOOR_CODES.specials,
    title: 'Действующие спецпредложения',
    description: 'Шесть действующих спецпредложений со ссылкой на все предложения',
    component: 'specials_list',
    group: 'lists',
    background: 'light',
    values: { title: 'Спецпредложения', limit: 6, all_link: '/specials' },
  },
  {
    code: DEMO_FLOOR_CODES.buttons,
    title: 'Кнопки тест-драйва и звонка',
    description: 'Две кнопки: запись на тест-драйв и обратный звонок',
    component: 'buttons',
    group: 'actions',
    alignment: 'center',
    values: {
      alignment: 'center',
      buttons: [
        { text: 'Записаться на тест-драйв', link: '/test-drive', type: 'form', icon: 'car', icon_position: 'left', style: 'primary', size: 'large', full_width: false },
        { text: 'Позвонить', link: 'tel:+78005553535', type: 'phone', icon: 'phone', icon_position: 'left', style: 'outline', size: 'large', full_width: false },
      ],
    },
  },
  {
    code: DEMO_FLOOR_CODES.form,
    title: 'Форма обратного звонка',
    description: 'Форма заявки на обратный звонок (настраивается в заявках)',
    component: 'form',
    group: 'actions',
    background: 'primary',
    values: { title: 'Перезвоним за 5 минут', form: 'callback', description: 'Оставьте телефон, и менеджер ответит на вопросы', button_text: 'Жду звонка' },
  },
  {
    code: DEMO_FLOOR_CODES.customForm,
    title: 'Форма из конструктора',
    description: 'Форма, собранная в конструкторе форм сайта: какую показать, выбирается на странице',
    component: 'custom_form',
    group: 'actions',
    values: { title: 'Оставьте заявку' },
  },
];

/** A client's own floor: a promotion of the first demo client. */
const CLIENT_FLOOR: DemoFloor = {
  code: 'avtograd-spring-offer',
  title: 'Весеннее предложение АвтоГрад',
  description: 'Собственный блок дилера: скидка на комплект летних шин при покупке автомобиля в апреле',
  component: 'cards',
  group: 'content',
  values: { title: 'Весна в АвтоГраде', columns: '2', cards: [{ title: 'Летние шины в подарок', text: 'При покупке автомобиля до 30 апреля', link: '/specials' }, { title: 'Сервис со скидкой 20%', text: 'Для владельцев автомобилей старше 3 лет', link: '/service' }] },
};

function rowOf(floor: DemoFloor, groupIds: Record<Group, number>, clientId: number | null) {
  // A demo floor that does not fit its component is a bug here, not something to load.
  const problems = floorValueProblems(floor.component, floor.values);
  if (problems.length) throw new Error(`demo floor ${floor.code}: ${JSON.stringify(problems)}`);
  return {
    client_id: clientId,
    code: floor.code,
    title: floor.title,
    description: floor.description,
    component: floor.component,
    values: floor.values,
    group_id: groupIds[floor.group],
    official: floor.official ?? false,
    background: floor.background ?? null,
    title_position: floor.title_position ?? 'left',
    offset_top: floor.offset_top ?? 'medium',
    offset_bottom: floor.offset_bottom ?? 'medium',
    alignment: floor.alignment ?? 'left',
  };
}

/** Loads the demo floor groups and floors; the client floor goes to the client of `clientCode` when it exists. */
export async function seedDemoFloors(db: DbOrTx, clientCode = 'avtograd-sever') {
  const groups = await db.insert(floorGroups).values(GROUPS.map(({ key: _key, ...group }) => group)).returning();
  const groupIds = Object.fromEntries(GROUPS.map((group) => [group.key, groups.find((row) => row.name === group.name)!.id])) as Record<Group, number>;
  await db.insert(floors).values(PLATFORM_FLOORS.map((floor) => rowOf(floor, groupIds, null)));
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.code, clientCode)).limit(1);
  if (client) await db.insert(floors).values(rowOf(CLIENT_FLOOR, groupIds, client.id));
}
