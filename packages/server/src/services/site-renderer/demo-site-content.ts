import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { COLOR_SCHEMES, phoneText, STATE_STATUS } from '@dp/contracts';
import type { Db } from '../../kit/db.ts';
import { fileUrl, type FileStorage } from '../../kit/files.ts';
import { carBrands } from '../cars.catalog/catalog.table.ts';
import { floors } from '../floors.storage/floor.table.ts';
import { DEMO_FLOOR_CODES } from '../floors.storage/demo-floors.ts';
import { makeVariants } from '../media.storage/image-variants.ts';
import { mediaFiles, mediaFolders } from '../media.storage/media.table.ts';
import { layoutStates, pages, pageStates, type CollectionBlock, type PlacedFloor } from '../sites.context/content.table.ts';
import { sites, type SiteImage } from '../sites.context/site.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { loadSharp } from '../../kit/lazy-packages.ts';

/**
 * What the demo sites show on their technical hosts (`<code>.localhost`), on top of the pages of
 * the demo content: texts of the news and offers with pictures, SEO texts with the site's
 * constants ({DEALER_NAME}, {CITY}), the dealer's own contacts, favicons, and the pages the
 * header, the footer and the cards link to (service, test drive, cars in stock, credit, trade-in,
 * privacy), so that no demo link ends on a 404.
 */
const xml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const NEWS_TEXT: Record<string, string> = {
  'salon-opening': [
    'Мы обновили шоурум: стало больше места для автомобилей, появилась детская зона и кофейня.',
    '',
    '## Что будет на празднике',
    '- тест-драйвы всех моделей в наличии;',
    '- подарки каждому гостю и розыгрыш комплекта шин;',
    '- консультации по кредиту и трейд-ин без очереди.',
    '',
    'Ждём вас в субботу с 10:00 до 18:00. [Как нас найти](/contacts).',
  ].join('\n'),
  'winter-service': [
    'Зима в г. {CITY} начинается внезапно. За один визит мы проверим всё, что важно для холодов.',
    '',
    '## В программе проверки',
    '1. аккумулятор и генератор;',
    '2. шины, диски и давление;',
    '3. антифриз, омыватель и щётки.',
    '',
    'Проверка бесплатна при [записи онлайн](/service).',
  ].join('\n'),
};

const SPECIAL_TEXT: Record<string, string> = {
  'winter-tyres': 'Купите новый автомобиль до конца месяца и получите **комплект зимних шин** в подарок. Шиномонтаж и хранение летних шин — тоже за наш счёт.\n\nПредложение ограничено количеством автомобилей на складе.',
  'trade-in-bonus': 'Сдайте свой автомобиль в зачёт нового и получите **выгоду до 150 000 ₽** сверх рыночной оценки.\n\nОценка занимает 15 минут, документы оформим в день обращения.',
};

/** Extra pages the demo's links lead to: address, caption, text, and the request form that follows (its `form` choice), if any. */
const EXTRA_PAGES = [
  { uri: '/cars', caption: 'Автомобили в наличии', form: { form: 'buy_model', title: 'Заявка на покупку', description: 'Выберите модель — менеджер подберёт комплектацию и расскажет о выгоде.', button_text: 'Отправить заявку' }, text: 'В салоне {DEALER_NAME} — более 100 автомобилей в наличии. Подберём комплектацию и цвет, оформим кредит и трейд-ин в день обращения.\n\n## Почему у нас\n- официальная гарантия производителя\n- честная цена без навязанных опций\n- выдача автомобиля в день покупки' },
  { uri: '/service', caption: 'Сервис', form: { form: 'service', title: 'Запись на сервис', description: 'Опишите работы и удобное время — мастер-консультант перезвонит и подтвердит запись.', button_text: 'Записаться' }, text: 'Сервисный центр {DEALER_NAME} обслуживает автомобили по регламенту производителя.\n\n## Услуги\n- плановое техническое обслуживание\n- диагностика и ремонт\n- шиномонтаж и хранение шин\n\nЗапишитесь онлайн — перезвоним и подберём удобное время.' },
  { uri: '/test-drive', caption: 'Тест-драйв', form: { form: 'test_drive', title: 'Запись на тест-драйв', description: 'Выберите модель и удобное время — подготовим автомобиль к вашему приезду.', button_text: 'Записаться' }, text: 'Запишитесь на тест-драйв любой модели: маршрут по городу около 30 минут, с консультантом или самостоятельно.' },
  { uri: '/credit', caption: 'Кредит', form: { form: 'credit' }, text: 'Кредит от 5,9% в 12 банках-партнёрах. Одобрение за 30 минут, первоначальный взнос от 0%.' },
  { uri: '/trade-in', caption: 'Трейд-ин', form: { form: 'trade_in' }, text: 'Оценим ваш автомобиль за 15 минут и зачтём его стоимость в покупку нового. Бонус по трейд-ин — до 150 000 ₽.' },
  { uri: '/privacy', caption: 'Политика конфиденциальности', form: null, text: '{DEALER_NAME} обрабатывает персональные данные посетителей сайта только для ответа на их обращения.\n\n## Какие данные мы получаем\n- имя и телефон из форм заявок\n- технические данные посещений (счётчики)\n\n## Сколько мы их храним\nДанные обращений обезличиваются по сроку, заданному в настройках сайта.' },
];

async function picture(width: number, height: number, colors: [string, string], caption: string): Promise<Buffer> {
  const size = Math.round(height / 12);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${width * 0.8}" cy="${height * 0.35}" r="${height * 0.45}" fill="#ffffff" fill-opacity="0.12"/>
<text x="${width * 0.06}" y="${height * 0.88}" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#ffffff" fill-opacity="0.85">${xml(caption)}</text>
</svg>`;
  return (await loadSharp())(Buffer.from(svg)).png().toBuffer();
}

/** Stores a demo picture in the client's library, as an upload would; answers its webp address and the original's. */
async function storePicture(db: Db, files: FileStorage, clientId: number, folderId: number, name: string, data: Buffer) {
  const { variants, width, height } = await makeVariants(files, data, 'png', { private: false, maxMegapixels: 40 });
  const stored = await files.put(data, { mime: 'image/png', ext: 'png' });
  const [row] = await db
    .insert(mediaFiles)
    .values({ client_id: clientId, folder_id: folderId, name, mime: 'image/png', ext: 'png', kind: 'image', size: data.length, width, height, access: 1, driver: files.driver, key: stored.id, variants })
    .returning();
  return { id: row!.id, url: variants.find((variant) => variant.name === 'webp')?.url ?? fileUrl(stored), original: fileUrl(stored), mime: 'image/png', width, height };
}

/** A square icon with the site's first letter in its colour scheme (favicon 192 and Apple icon 180). */
async function icon(size: number, color: string, letter: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" rx="${size * 0.2}" fill="${color}"/><text x="50%" y="66%" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size * 0.56}" fill="#ffffff">${xml(letter)}</text></svg>`;
  return (await loadSharp())(Buffer.from(svg)).png().toBuffer();
}

export async function seedDemoSiteContent(db: Db, files: FileStorage) {
  const library = await db.select({ id: floors.id, code: floors.code }).from(floors).where(inArray(floors.code, [DEMO_FLOOR_CODES.about, DEMO_FLOOR_CODES.form, DEMO_FLOOR_CODES.contacts, DEMO_FLOOR_CODES.buttons]));
  const floorId = (code: string) => library.find((floor) => floor.code === code)?.id ?? null;
  const [about, form, contacts] = [floorId(DEMO_FLOOR_CODES.about), floorId(DEMO_FLOOR_CODES.form), floorId(DEMO_FLOOR_CODES.contacts)];
  if (!about || !form || !contacts) return;
  const text = (body: string): PlacedFloor => ({ floor_id: about, values: { title: null, body } });
  const demoSites = await db.select().from(sites).where(and(eq(sites.type, 3), eq(sites.status, 1), isNotNull(sites.technical_host)));
  for (const site of demoSites) {
    const owner = { site_id: site.id, client_id: site.client_id };
    const palette = (COLOR_SCHEMES.find((scheme) => scheme.code === site.context.color_scheme) ?? COLOR_SCHEMES[0]!).palette;
    const colors: [string, string] = [palette.primary, palette.secondary];
    const [folder] = await db.insert(mediaFolders).values({ client_id: site.client_id, name: `Сайт ${site.name}` }).returning();
    const all = await db
      .select({ id: pages.id, uri: pages.uri, state: pageStates })
      .from(pages)
      .innerJoin(pageStates, and(eq(pageStates.page_id, pages.id), eq(pageStates.status, STATE_STATUS.published)))
      .where(eq(pages.site_id, site.id));
    const byUri = new Map(all.map((row) => [row.uri, row]));

    // News and offers: their texts and pictures.
    for (const row of all) {
      const block = row.state.collection as CollectionBlock | null;
      const slug = row.uri.split('/').pop()!;
      const body = NEWS_TEXT[slug] ?? SPECIAL_TEXT[slug];
      if (!block || !body) continue;
      const image = await storePicture(db, files, site.client_id, folder!.id, `${slug}.png`, await picture(1200, 675, colors, block.title.length > 30 ? `${block.title.slice(0, 28)}…` : block.title));
      const collection = { ...block, image: { url: image.url, file_id: String(image.id), title: null, alt: block.title } };
      const floorsOf = block.type === 'specials' ? [text(body), { floor_id: form, values: { title: 'Узнать подробности', button_text: 'Отправить заявку' } }] : [text(body)];
      await db
        .update(pageStates)
        .set({ collection, floors: floorsOf, seo_properties: { title: `${block.title} — {DEALER_NAME}`, description: `${block.description ?? block.title}. {DEALER_NAME}, {CITY}.` } })
        .where(eq(pageStates.id, row.state.id));
    }

    // The site's brand, by its name in the catalogue: its models fill the test drive and purchase forms.
    const brandName = site.name.split('—').pop()?.trim();
    const [brand] = brandName ? await db.select({ id: carBrands.id }).from(carBrands).where(eq(carBrands.name, brandName)).limit(1) : [];
    if (brand) await db.update(sites).set({ context: { ...site.context, brand_id: brand.id } }).where(eq(sites.id, site.id));

    // The news invite to subscribe to them.
    const newsPage = byUri.get('/news');
    if (newsPage) {
      const subscribe: PlacedFloor = { floor_id: form, values: { form: 'subscription', title: 'Подписка на новости', description: 'Новости салона и акции — раз в месяц на вашу почту.', button_text: 'Подписаться' } };
      await db.update(pageStates).set({ floors: [...(newsPage.state.floors ?? []), subscribe] }).where(eq(pageStates.id, newsPage.state.id));
    }

    // SEO texts with the site's constants.
    const seo: Record<string, { title: string; description: string }> = {
      '/': { title: '{DEALER_NAME} — официальный дилер в г. {CITY}', description: 'Новые автомобили в наличии, сервис, кредит и трейд-ин в г. {CITY}. Звоните: {PHONE}.' },
      '/news': { title: 'Новости — {DEALER_NAME}', description: 'События, акции и новости сервиса {DEALER_NAME} в г. {CITY}.' },
      '/specials': { title: 'Спецпредложения — {DEALER_NAME}', description: 'Действующие акции и выгодные предложения на автомобили в г. {CITY}.' },
      '/about': { title: 'О компании — {DEALER_NAME}', description: 'Официальный дилер в г. {CITY} с 1998 года: продажа, сервис и запчасти.' },
      '/contacts': { title: 'Контакты — {DEALER_NAME}', description: 'Адрес, телефоны и часы работы {DEALER_NAME} в г. {CITY}.' },
    };
    for (const [uri, properties] of Object.entries(seo)) {
      const row = byUri.get(uri);
      if (row) await db.update(pageStates).set({ seo_properties: { ...properties, og_title: properties.title } }).where(eq(pageStates.id, row.state.id));
    }

    // The dealer's own contacts on the contacts page.
    const centres = site.dealer_ids.length ? await db.select().from(dealerships).where(inArray(dealerships.id, site.dealer_ids)) : [];
    const contactsPage = byUri.get('/contacts');
    if (contactsPage && centres.length) {
      const placements: PlacedFloor[] = centres.map((centre, index) => ({
        floor_id: contacts,
        values: {
          title: centre.title,
          address: centre.address ?? `${centre.city ?? ''}, ${['Автомобильная ул., 12', 'Промышленный пр., 45'][index % 2]}`.replace(/^, /, ''),
          phones: [{ label: 'Отдел продаж', phone: phoneText(centre.phone) || '+7 (800) 555-35-35' }, { label: 'Сервис', phone: '+7 (800) 555-35-36' }],
          map_link: `https://yandex.ru/maps/?text=${encodeURIComponent(`${centre.city ?? ''} ${['Автомобильная ул., 12', 'Промышленный пр., 45'][index % 2]}`.trim())}`,
          hours: [
            { days: 'Пн–Пт', time: '09:00–21:00' },
            { days: 'Сб–Вс', time: '10:00–20:00' },
          ],
        },
      }));
      await db.update(pageStates).set({ floors: [...placements, { floor_id: form, values: {} }] }).where(eq(pageStates.id, contactsPage.state.id));
    }

    // The footer of the layout shows the first dealership.
    if (centres[0]) {
      const [layoutState] = await db.select().from(layoutStates).where(and(eq(layoutStates.site_id, site.id), eq(layoutStates.status, STATE_STATUS.published)));
      const centre = centres[0];
      if (layoutState) {
        const footer = layoutState.footer_floors.map((placed) => ({ ...placed, values: { ...placed.values, address: `${centre.city ?? ''}, Автомобильная ул., 12`.replace(/^, /, ''), copyright: `© {DEALER_NAME}, официальный дилер в г. {CITY}` } }));
        await db.update(layoutStates).set({ footer_floors: footer }).where(eq(layoutStates.id, layoutState.id));
      }
    }

    // The pages the demo's links lead to.
    const home = byUri.get('/');
    let position = all.length;
    for (const extra of EXTRA_PAGES) {
      if (byUri.has(extra.uri)) continue;
      const [page] = await db.insert(pages).values({ ...owner, uri: extra.uri, parent_id: home?.id ?? null, position: position++ }).returning();
      await db.insert(pageStates).values({
        ...owner,
        page_id: page!.id,
        caption: extra.caption,
        order: page!.position,
        // The header lists them already (its extra items) or the footer does.
        hide_from_menu: true,
        floors: [text(extra.text), ...(extra.form ? [{ floor_id: form, values: extra.form }] : [])],
        seo_properties: { title: `${extra.caption} — {DEALER_NAME}`, description: `${extra.caption} в г. {CITY}: {DEALER_NAME}.` },
        status: STATE_STATUS.published,
        version: 1,
        published_at: new Date(),
        publication_status: 2,
      });
    }

    // Favicons in the colour scheme.
    const letter = (site.name.split('—').pop() ?? site.name).trim().charAt(0).toUpperCase() || 'D';
    const asImage = async (size: number): Promise<SiteImage> => {
      const stored = await files.put(await icon(size, palette.primary, letter), { mime: 'image/png', ext: 'png' });
      return { file_id: stored.id, url: fileUrl(stored), width: size, height: size, mime: 'image/png' };
    };
    await db.update(sites).set({ favicons: { icon: await asImage(192), apple: await asImage(180) } }).where(eq(sites.id, site.id));
  }
}
