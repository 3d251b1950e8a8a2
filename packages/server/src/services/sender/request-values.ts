import { and, eq } from 'drizzle-orm';
import { formatPhone, REQUEST_TYPES, type Lang, type RequestTypeId } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { sites } from '../sites.context/site.table.ts';
import { dealersOfClient } from '../dealerships/dealers-of-client.ts';
import type { requests } from '../request.storage/request.table.ts';

/**
 * What a template's placeholders and a proxy action's body are made of: the request, its site
 * and its dealer (contracts EMAIL_PLACEHOLDERS lists the names).
 */
export type RequestRow = typeof requests.$inferSelect;
export interface RequestContext {
  site: { id: number; name: string; url: string | null; phone_format?: string | null };
  dealer: { id: number; name: string; code: string | null } | null;
}

const TYPE_TITLES: Record<Lang, Record<number, string>> = {
  ru: { 1: 'Обратный звонок', 2: 'Запись на сервис', 3: 'Тест-драйв', 4: 'Покупка модели', 5: 'Автомобиль в наличии', 6: 'Подписка на рассылку', 9: 'Своя форма', 10: 'Аксессуары' },
  en: { 1: 'Callback', 2: 'Service booking', 3: 'Test drive', 4: 'Buy a model', 5: 'Car in stock', 6: 'Newsletter', 9: 'Custom form', 10: 'Accessories' },
};
export const requestTypeTitle = (type: number, lang: Lang) => TYPE_TITLES[lang][type] ?? String(type);

const MAIL_DATE = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** DD.MM.YYYY HH:mm in Moscow time: the spec's date format, the dealers' time zone. */
export const mailDate = (date: Date) => MAIL_DATE.format(date).replace(',', '');

const yesNo = (value: boolean, lang: Lang) => (value ? (lang === 'en' ? 'yes' : 'да') : lang === 'en' ? 'no' : 'нет');
function plain(value: unknown, lang: Lang): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return yesNo(value, lang);
  if (Array.isArray(value)) return value.map((item) => plain(item, lang)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
/** A custom form's field id as a placeholder name: Latin letters, digits and _. */
const placeholderKey = (key: string) => key.replace(/[^a-zA-Z0-9_]/g, '_');

/** The site (its public address) and the request's dealer (of the request's client only). */
export async function requestContext(db: DbOrTx, request: Pick<RequestRow, 'site_id' | 'client_id' | 'dealer_id'>): Promise<RequestContext> {
  const [site] = await db.select({ id: sites.id, name: sites.name, host: sites.host, technical_host: sites.technical_host, use_http: sites.use_http, phone_format: sites.phone_format }).from(sites).where(eq(sites.id, request.site_id)).limit(1);
  const host = site?.host ?? site?.technical_host ?? null;
  const [dealer] = request.dealer_id ? await dealersOfClient(db, request.client_id, [request.dealer_id]) : [];
  return { site: { id: request.site_id, name: site?.name ?? '', url: host ? `${site!.use_http ? 'http' : 'https'}://${host}` : null, phone_format: site?.phone_format ?? null }, dealer: dealer ? { id: dealer.id, name: dealer.title, code: dealer.code } : null };
}

/** The values of a template's placeholders for a request (missing ones render empty). */
export function placeholderValues(request: RequestRow, context: RequestContext, lang: Lang = 'ru'): Record<string, string> {
  const analytics = request.analytics as { utm?: Record<string, string | null>; page?: Record<string, string | number | null>; google_client_id?: string; ya_client_id?: string; calltracking_session_id?: string; kodix_pixel?: string };
  const utm = analytics.utm ?? {};
  const page = analytics.page ?? {};
  const { content, ...fields } = request.fields as Record<string, unknown> & { content?: Record<string, unknown> };
  // No prototype: a field named like one of Object's members stays a plain value.
  const values: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(fields)) values[placeholderKey(key)] = plain(value, lang);
  const form = content && typeof content === 'object' ? content : {};
  for (const [key, value] of Object.entries(form)) values[`form_${placeholderKey(key)}`] = plain(value, lang);
  return {
    ...values,
    id: String(request.id),
    type: requestTypeTitle(request.type, lang),
    created_at: mailDate(request.created_at),
    site: context.site.name,
    site_url: context.site.url ?? '',
    name: request.name ?? '',
    last_name: request.last_name ?? '',
    full_name: [request.name, request.last_name].filter(Boolean).join(' '),
    // Stored normalised (+7 and 10 digits), shown as the site writes phones.
    phone: formatPhone(request.phone, context.site.phone_format),
    email: request.email ?? '',
    text: request.text ?? '',
    text_input: request.text_input ?? '',
    tag: request.tag ?? '',
    gender: request.gender === 1 ? (lang === 'en' ? 'male' : 'мужской') : request.gender === 2 ? (lang === 'en' ? 'female' : 'женский') : '',
    dealer: context.dealer?.name ?? '',
    dealer_code: context.dealer?.code ?? '',
    page_url: plain(page.page_url, lang),
    page_title: plain(page.page_title, lang),
    utm_source: plain(utm.source, lang),
    utm_medium: plain(utm.medium, lang),
    utm_campaign: plain(utm.campaign, lang),
    utm_term: plain(utm.term, lang),
    utm_content: plain(utm.content, lang),
    google_client_id: plain(analytics.google_client_id, lang),
    ya_client_id: plain(analytics.ya_client_id, lang),
    calltracking_session_id: plain(analytics.calltracking_session_id, lang),
    kodix_pixel: plain(analytics.kodix_pixel, lang),
    fields: Object.entries(fields).map(([key, value]) => `${key}: ${plain(value, lang)}`).join('\n'),
    form: Object.entries(form).map(([key, value]) => `${key}: ${plain(value, lang)}`).join('\n'),
  };
}

/** The request a preview renders: a callback with every common field, on the site being edited. */
export function sampleRequest(siteId: number, clientId: number, lang: Lang): RequestRow {
  const en = lang === 'en';
  return {
    id: 12345,
    site_id: siteId,
    client_id: clientId,
    type: 1,
    page_id: null,
    dealer_id: null,
    gender: 2,
    name: en ? 'Anna' : 'Анна',
    last_name: en ? 'Smith' : 'Иванова',
    phone: '+79001234567',
    email: 'anna@example.ru',
    text: en ? 'Please call me back after 6 pm' : 'Перезвоните, пожалуйста, после 18:00',
    text_input: null,
    fields: { subject: en ? 'Car loan' : 'Кредит', department_name: en ? 'Sales' : 'Отдел продаж' },
    analytics: { utm: { source: 'yandex', medium: 'cpc', campaign: 'spring' }, page: { page_url: 'https://example.ru/contacts?utm_source=yandex', page_title: en ? 'Contacts' : 'Контакты' }, ya_client_id: '1700000000123456789' },
    processing_of_personal_data: true,
    agreement_hash: null,
    tag: null,
    ip: null,
    captcha_check: null,
    depersonalized_at: null,
    handled_at: null,
    created_at: new Date(),
  };
}

/** The JSON a proxy action posts: the request as a JSON:API record with its site and dealer. */
export function proxyPayload(request: RequestRow, context: RequestContext) {
  const type = request.type as RequestTypeId;
  return {
    data: {
      type: REQUEST_TYPES[type]?.key ?? String(request.type),
      id: String(request.id),
      attributes: {
        type: request.type,
        site_id: request.site_id,
        site: context.site.name,
        site_url: context.site.url,
        page_id: request.page_id,
        dealer_id: request.dealer_id,
        dealer_code: context.dealer?.code ?? null,
        dealer: context.dealer?.name ?? null,
        gender: request.gender,
        name: request.name,
        last_name: request.last_name,
        phone: request.phone,
        email: request.email,
        text: request.text,
        text_input: request.text_input,
        tag: request.tag,
        ...request.fields,
        analytics: request.analytics,
        processing_of_personal_data: request.processing_of_personal_data,
        agreement_hash: request.agreement_hash,
        created_at: request.created_at.toISOString(),
      },
    },
  };
}
