import { and, eq, isNotNull } from 'drizzle-orm';
import type { CustomFormField, CustomFormRow } from '@dp/contracts';
import type { Db } from '../../kit/db.ts';
import { sha256 } from '../../kit/secrets.ts';
import { requests } from '../request.storage/request.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { customForms } from './form.table.ts';

const FIELDS: CustomFormField[] = [
  { id: 'name', label: 'Ваше имя', type: 'text', required: true, placeholder: 'Иван' },
  { id: 'phone', label: 'Телефон', type: 'phone', required: true, phone_codes: ['ru', 'by', 'kz'], default_phone_code: 'ru' },
  { id: 'brand', label: 'Марка', type: 'brands' },
  { id: 'model', label: 'Модель', type: 'models', dependent_field: 'brand' },
  { id: 'when', label: 'Удобные дата и время', type: 'datetimepicker', show_time_select: true },
  { id: 'comment', label: 'Комментарий', type: 'textarea' },
];
const GRID: CustomFormRow[] = [
  { title: 'Контакты', fields: ['name', 'phone'] },
  { title: 'Автомобиль и визит', fields: ['brand', 'model', 'when', 'comment'] },
];
/** The consent text of the demo's requests (request.storage's demo seeds it). */
const CONSENT = 'Я даю согласие на обработку моих персональных данных в целях обработки заявки';

/** A test drive form on each demo client site, with two requests sent through it. */
export async function seedDemoForms(db: Db) {
  const demoSites = await db.select({ id: sites.id, client_id: sites.client_id }).from(sites).where(and(eq(sites.type, 3), isNotNull(sites.technical_host)));
  for (const site of demoSites) {
    const [form] = await db.insert(customForms).values({ site_id: site.id, client_id: site.client_id, title: 'Запись на тест-драйв', fields: FIELDS, grid: GRID }).returning();
    const base = { site_id: site.id, client_id: site.client_id, type: 9, processing_of_personal_data: true, agreement_hash: sha256(CONSENT), analytics: {} };
    await db.insert(requests).values([
      { ...base, name: 'Олег', phone: '+79162103344', fields: { custom_form_id: form!.id, content: { name: 'Олег', phone: '+79162103344', brand: null, model: null, when: '2026-12-05T11:00', comment: 'Хочу сравнить две комплектации' } }, created_at: new Date(Date.now() - 86_400_000) },
      { ...base, name: 'Светлана', phone: '+375 29 123-45-67', fields: { custom_form_id: form!.id, content: { name: 'Светлана', phone: '+375 29 123-45-67', brand: null, model: null, when: '2026-12-07T16:30', comment: null } }, created_at: new Date(Date.now() - 2 * 86_400_000) },
    ]);
  }
}
