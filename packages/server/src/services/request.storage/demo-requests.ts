import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../kit/db.ts';
import { sha256 } from '../../kit/secrets.ts';
import { sites } from '../sites.context/site.table.ts';
import { agreementHashes, requests, requestSettings } from './request.table.ts';

const CONSENT = 'Я даю согласие на обработку моих персональных данных в целях обработки заявки';
/** Phones as the intake stores them (contracts normalizePhone): +7 and the 10 digits. */
const PEOPLE = [
  ['Анна', 'Смирнова', '+79151234567', 'anna.smirnova@example.ru'],
  ['Игорь', 'Кузнецов', '+79267654321', 'igor.k@example.ru'],
  ['Мария', 'Попова', '+79035551234', 'maria.popova@example.ru'],
] as const;

/** Requests of the demo's client sites: a few of each common type over the last days, a consent text, a request setting. */
export async function seedDemoRequests(db: Db) {
  const demoSites = await db.select({ id: sites.id, client_id: sites.client_id }).from(sites).where(and(eq(sites.type, 3), isNotNull(sites.technical_host)));
  const hash = sha256(CONSENT);
  const day = 86_400_000;
  for (const site of demoSites) {
    await db.insert(agreementHashes).values({ site_id: site.id, client_id: site.client_id, hash, text: CONSENT }).onConflictDoNothing();
    await db.insert(requestSettings).values({ site_id: site.id, client_id: site.client_id, request_type: 1, tag: null, actions: [] });
    const base = { site_id: site.id, client_id: site.client_id, processing_of_personal_data: true, agreement_hash: hash };
    const rows = PEOPLE.flatMap(([name, last_name, phone, email], index) => [
      { ...base, type: 1, name, last_name, phone, text: 'Перезвоните, пожалуйста, после 18:00', fields: { subject: 'Покупка автомобиля' }, analytics: { utm: { source: 'yandex', campaign: 'winter' } }, created_at: new Date(Date.now() - (index + 1) * day) },
      { ...base, type: 3, name, phone, email, fields: { model_id: 1, time: '11:00' }, analytics: { utm: { source: 'google' } }, created_at: new Date(Date.now() - (index + 2) * day) },
      { ...base, type: 2, name, phone, fields: { vin: 'XW8AB000000000001', mileage: 30_000 + index * 15_000, works: ['ТО'] }, analytics: {}, created_at: new Date(Date.now() - (index + 3) * day) },
      { ...base, type: 6, email, tag: 'news', fields: { subscription: true }, analytics: {}, created_at: new Date(Date.now() - (index + 4) * day) },
    ]);
    await db.insert(requests).values(rows);
  }
}
