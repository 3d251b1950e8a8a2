import { asc, eq } from 'drizzle-orm';
import { DEFAULT_SCHEDULE, type PhoneParts, type WorkSchedule } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { clients } from '../clients.storage/client.table.ts';
import { dealershipDepartments, dealershipEmployees, dealerships, dealershipServices } from './dealership.table.ts';

/** Per demo client: its main dealer (the city, its area code and coordinates, the brand). */
const DEMO: Record<string, { title: string; short: string; city: string; area: string; address: string; lat: number; lon: number; site: string; importer: string }> = {
  'avtograd-sever': { title: 'АвтоГрад Север Kia', short: 'АГ Север', city: 'Москва', area: '495', address: 'Москва, Дмитровское ш., 163А', lat: 55.8812, lon: 37.5443, site: 'https://kia-avtograd.ru', importer: 'KIA-0117' },
  'motor-city-kzn': { title: 'Мотор Сити Toyota Казань', short: 'Мотор Сити', city: 'Казань', area: '843', address: 'Казань, пр. Победы, 100', lat: 55.7569, lon: 49.2141, site: 'https://toyota-motorcity.ru', importer: 'TMR-2044' },
  'ladoga-auto': { title: 'Ладога Авто Škoda', short: 'Ладога Авто', city: 'Санкт-Петербург', area: '812', address: 'Санкт-Петербург, Выборгское ш., 27', lat: 60.0491, lon: 30.3357, site: 'http://skoda-ladoga.ru', importer: 'SKD-0309' },
};
/** Per demo client: its further dealers, with a short record only. */
const BRANCHES: Record<string, { title: string; city: string; area: string; address: string }[]> = {
  'avtograd-sever': [{ title: 'АвтоГрад Химки', city: 'Химки', area: '495', address: 'Химки, Ленинградское ш., 1' }],
  'ladoga-auto': [{ title: 'Ладога Авто Новгород', city: 'Великий Новгород', area: '8162', address: 'Великий Новгород, ул. Большая Московская, 120' }],
};

const phone = (area: string, subscriber: string, internal = '0'): PhoneParts => ({ country: '7', city: area, subscriber, internal });
const SERVICE_SCHEDULE: WorkSchedule = { ...DEFAULT_SCHEDULE, sat: { from: 540, to: 1080, weekend: false }, sun: { from: 600, to: 960, weekend: false } };

/** The dealers of a demo client, its main one first; their ids, for the client's sites. */
export async function insertDemoDealers(db: DbOrTx, clientId: number, clientCode: string): Promise<number[]> {
  const demo = DEMO[clientCode];
  if (!demo) return [];
  const main = {
    client_id: clientId,
    code: `${clientCode}-1`,
    city: demo.city,
    title: demo.title,
    short_title: demo.short,
    importer_code: demo.importer,
    main_email: `info@${clientCode}.test`,
    site_url: demo.site,
    sort: 1,
    ext_codes: [demo.importer.replace('-', '')],
    rating: { service: 4.7, sales: 4.8 },
    search_aliases: [demo.short.toLowerCase(), demo.city.toLowerCase()],
    registration: 'ОГРН 1027700000000, ИНН 7700000000',
    legal_name: `ООО «${demo.short}»`,
    phone: phone(demo.area, '2000000'),
    address: demo.address,
    latitude: demo.lat,
    longitude: demo.lon,
    working_time: DEFAULT_SCHEDULE,
    status: 2,
    map_scale: 15,
  };
  const branches = (BRANCHES[clientCode] ?? []).map((branch, index) => ({
    client_id: clientId,
    code: `${clientCode}-${index + 2}`,
    city: branch.city,
    title: branch.title,
    sort: index + 2,
    phone: phone(branch.area, `300000${index}`),
    address: branch.address,
    working_time: DEFAULT_SCHEDULE,
  }));
  const rows = await db.insert(dealerships).values([main, ...branches]).returning({ id: dealerships.id });
  return rows.map((row) => row.id);
}

/**
 * The demo dealers' departments, employees and services: the main dealer of each demo client
 * gets a sales and a service department, a few employees in each and the services the sites offer.
 */
export async function seedDemoDealerships(db: DbOrTx) {
  for (const [code, demo] of Object.entries(DEMO)) {
    const [client] = await db.select().from(clients).where(eq(clients.code, code));
    if (!client) continue;
    const [dealership] = await db.select({ id: dealerships.id }).from(dealerships).where(eq(dealerships.client_id, client.id)).orderBy(asc(dealerships.id)).limit(1);
    if (!dealership) continue;
    const [sales, service] = await db
      .insert(dealershipDepartments)
      .values([
        { client_id: client.id, dealership_id: dealership!.id, name_ru: 'Отдел продаж', name_en: 'Sales', order: 1, phone: phone(demo.area, '2000001') },
        { client_id: client.id, dealership_id: dealership!.id, name_ru: 'Сервисный центр', name_en: 'Service centre', order: 2, phone: phone(demo.area, '2000002'), work_schedule: SERVICE_SCHEDULE },
      ])
      .returning();
    const person = (department: typeof sales, order: number, first: [string, string], last: [string, string], position: [string, string], internal: string) => ({
      client_id: client.id,
      dealership_id: dealership!.id,
      department_id: department!.id,
      first_name_ru: first[0],
      first_name_en: first[1],
      last_name_ru: last[0],
      last_name_en: last[1],
      position_ru: position[0],
      position_en: position[1],
      order,
      phone: phone(demo.area, department === sales ? '2000001' : '2000002', internal),
    });
    await db.insert(dealershipEmployees).values([
      person(sales, 1, ['Андрей', 'Andrey'], ['Морозов', 'Morozov'], ['Руководитель отдела продаж', 'Head of sales'], '101'),
      person(sales, 2, ['Елена', 'Elena'], ['Новикова', 'Novikova'], ['Менеджер по продажам', 'Sales manager'], '102'),
      person(sales, 3, ['Сергей', 'Sergey'], ['Лебедев', 'Lebedev'], ['Менеджер trade-in', 'Trade-in manager'], '103'),
      person(service, 1, ['Максим', 'Maxim'], ['Орлов', 'Orlov'], ['Мастер-приёмщик', 'Service adviser'], '201'),
      person(service, 2, ['Наталья', 'Natalia'], ['Фёдорова', 'Fedorova'], ['Консультант сервиса', 'Service consultant'], '202'),
    ]);
    await db.insert(dealershipServices).values([
      { client_id: client.id, dealership_id: dealership!.id, code: 'callback', name: 'Обратный звонок', sort: 1, icon_code: 'phone', form_type: 'callback_request' },
      { client_id: client.id, dealership_id: dealership!.id, code: 'test-drive', name: 'Тест-драйв', sort: 2, icon_code: 'steering-wheel', form_type: 'test_drive_request' },
      { client_id: client.id, dealership_id: dealership!.id, code: 'service', name: 'Запись на ТО', sort: 3, icon_code: 'wrench', form_type: 'service_request' },
      { client_id: client.id, dealership_id: dealership!.id, code: 'buy', name: 'Покупка автомобиля', sort: 4, icon_code: 'car', form_type: 'buy_model_request' },
    ]);
  }
}
