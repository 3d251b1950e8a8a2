import { EventEmitter, once } from 'node:events';
import { PassThrough } from 'node:stream';
import { and, asc, gt, sql, type SQL } from 'drizzle-orm';
import type { Lang } from '@dp/contracts';
import { csvDelimiter, csvRow, UTF8_BOM } from '../../kit/csv.ts';
import { eachRowArray, type DbOrTx } from '../../kit/db.ts';
import { wallClock, type SheetValue } from '../../kit/sheet-cells.ts';
import { xlsxStream } from '../../kit/xlsx-stream.ts';
import { requests } from './request.table.ts';

/**
 * The requests' exports, XLSX and CSV (docs/decisions/requests.md, "How are requests listed,
 * exported and erased?"; docs/performance.md, "bench:requests"): the rows read in pages by id, each
 * row written as it arrives, the reader's pace holding back the next page, so memory stays flat
 * whatever the number of rows.
 */

/** The sheet's first row, in the reader's language. */
const HEADERS: Record<Lang, string[]> = {
  ru: ['ID', 'Дата', 'Тип', 'Имя', 'Фамилия', 'Телефон', 'E-mail', 'Комментарий', 'Поля заявки', 'UTM source', 'UTM campaign', 'UTM medium', 'UTM term', 'UTM content', 'Страница', 'Заголовок страницы', 'Проверка капчи'],
  en: ['ID', 'Date', 'Type', 'Name', 'Last name', 'Phone', 'E-mail', 'Comment', 'Request fields', 'UTM source', 'UTM campaign', 'UTM medium', 'UTM term', 'UTM content', 'Page', 'Page title', 'Captcha check'],
};
/** The captcha mark of a request (empty: checked). */
const CAPTCHA_CHECK_NAMES: Record<Lang, Record<string, string>> = {
  ru: { unverified: 'Не проверена, действия задержаны', released: 'Не проверена, отпущена' },
  en: { unverified: 'Not verified, actions held', released: 'Not verified, released' },
};
const TYPE_NAMES: Record<Lang, Record<number, string>> = {
  ru: { 1: 'Обратный звонок', 2: 'Сервис', 3: 'Тест-драйв', 4: 'Покупка модели', 5: 'Авто в наличии', 6: 'Подписка', 9: 'Своя форма', 10: 'Аксессуары' },
  en: { 1: 'Callback', 2: 'Service', 3: 'Test drive', 4: 'Buy model', 5: 'Car in stock', 6: 'Newsletter', 9: 'Custom form', 10: 'Accessories' },
};

/**
 * What an export's reading does (tests wait on it): `batch` after each page read, `end` with
 * `{ batches, aborted }` when the reading stops, at the end or because the reader went away.
 */
export const exportEvents = new EventEmitter();
const EXPORT_BATCH = 5000;
/**
 * What an export reads of a request, as values PostgreSQL makes cheap to send and to read: the
 * minute of `created_at` (UTC minutes since 1970, shown in the reader's time here), `fields` as
 * JSON text (read once, here) and the values of `analytics` the file shows (UTM, page), not the whole
 * object (docs/performance.md, "bench:requests").
 */
const exportColumns = {
  id: requests.id,
  minute: sql<number>`floor(date_part('epoch', ${requests.created_at}) / 60)::int4`,
  type: requests.type,
  name: requests.name,
  last_name: requests.last_name,
  phone: requests.phone,
  email: requests.email,
  text: requests.text,
  fields: sql<string>`${requests.fields}::text`,
  utm_source: sql<string | null>`${requests.analytics} #>> '{utm,source}'`,
  utm_campaign: sql<string | null>`${requests.analytics} #>> '{utm,campaign}'`,
  utm_medium: sql<string | null>`${requests.analytics} #>> '{utm,medium}'`,
  utm_term: sql<string | null>`${requests.analytics} #>> '{utm,term}'`,
  utm_content: sql<string | null>`${requests.analytics} #>> '{utm,content}'`,
  page_url: sql<string | null>`${requests.analytics} #>> '{page,page_url}'`,
  page_title: sql<string | null>`${requests.analytics} #>> '{page,page_title}'`,
  captcha_check: requests.captcha_check,
};
/** A row of an export: the values of exportColumns in their order. */
type ExportRow = [id: number, minute: number, type: number, name: string | null, lastName: string | null, phone: string | null, email: string | null, text: string | null, fields: string, utmSource: string | null, utmCampaign: string | null, utmMedium: string | null, utmTerm: string | null, utmContent: string | null, pageUrl: string | null, pageTitle: string | null, captchaCheck: string | null];

/**
 * Reads the page of an export's rows after the id `after`, handing each row to `onRow` as it
 * arrives (kit/db.ts eachRowArray on PostgreSQL; through drizzle elsewhere); answers how many
 * there were and the last id.
 */
function exportPages(db: DbOrTx, where: SQL | undefined): (after: number, onRow: (row: ExportRow) => void) => Promise<{ count: number; last: number }> {
  const page = (after: number) => db.select(exportColumns).from(requests).where(and(where, gt(requests.id, after))).orderBy(asc(requests.id)).limit(EXPORT_BATCH);
  return async (after, onRow) => {
    let count = 0;
    let last = after;
    const take = (row: ExportRow) => {
      count++;
      last = row[0];
      onRow(row);
    };
    const query = page(after);
    if (!(await eachRowArray<ExportRow>(db, query, take))) {
      for (const row of await query) take([row.id, row.minute, row.type, row.name, row.last_name, row.phone, row.email, row.text, row.fields, row.utm_source, row.utm_campaign, row.utm_medium, row.utm_term, row.utm_content, row.page_url, row.page_title, row.captcha_check]);
    }
    return { count, last };
  };
}

/**
 * Reads the rows in pages by id (a keyset, never one huge result, no transaction held while a
 * slow reader reads), each row to `onRow` as it arrives, and waits for `afterPage` (the reader's
 * room) before the next page: so memory stays flat whatever the number of rows. A reader who went
 * away (`signal` aborted) stops it before the next page.
 */
async function readExport(db: DbOrTx, where: SQL | undefined, signal: AbortSignal, onRow: (row: ExportRow) => void, afterPage: () => Promise<void>): Promise<void> {
  const read = exportPages(db, where);
  let after = 0;
  let batches = 0;
  try {
    for (;;) {
      if (signal.aborted) return;
      const { count, last } = await read(after, onRow);
      batches++;
      exportEvents.emit('batch', { batches });
      await afterPage();
      // A short page is the last one.
      if (count < EXPORT_BATCH) return;
      after = last;
    }
  } finally {
    exportEvents.emit('end', { batches, aborted: signal.aborted });
  }
}

/** A UTC minute (since 1970) as a date-time cell in the reader's time; rows in id order often share the minute of the one before. */
function localTime(offsetMinutes: number) {
  let last = Number.NaN;
  let date = new Date(0);
  return (minute: number) => {
    if (minute !== last) {
      last = minute;
      date = wallClock(minute * 60_000, offsetMinutes);
    }
    return date;
  };
}

/** One request as the cells of an export (kit/sheet-cells.ts makes them CSV or XLSX cells): id, date in the reader's time, type, person, fields, UTM, page, captcha mark. */
function exportCells(row: ExportRow, lang: Lang, local: (minute: number) => Date): SheetValue[] {
  const [id, minute, type, name, lastName, phone, email, text, fieldsJson, ...rest] = row;
  const captchaCheck = rest.pop() as string | null;
  const fields = fieldsJson === '{}' ? '' : Object.entries(JSON.parse(fieldsJson) as Record<string, unknown>).map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`).join('\n');
  return [
    id,
    local(minute),
    TYPE_NAMES[lang][type] ?? String(type),
    name, lastName, phone, email, text, fields, ...rest,
    captchaCheck ? (CAPTCHA_CHECK_NAMES[lang][captchaCheck] ?? captchaCheck) : '',
  ];
}

/** A list of requests as CSV (UTF-8 with a BOM, the list separator Excel expects for the language), streamed. */
export function requestsCsv(db: DbOrTx, where: SQL | undefined, lang: Lang, offsetMinutes: number, signal: AbortSignal = new AbortController().signal) {
  const delimiter = csvDelimiter(lang);
  const local = localTime(offsetMinutes);
  const stream = new PassThrough();
  let lines: string[] = [];
  void (async () => {
    try {
      stream.write(UTF8_BOM + csvRow(HEADERS[lang], delimiter));
      await readExport(db, where, signal, (row) => lines.push(csvRow(exportCells(row, lang, local), delimiter)), async () => {
        const page = lines.join('');
        lines = [];
        // A reader gone away ends the wait (once's signal rejects it).
        if (page && !stream.write(page) && !signal.aborted) await once(stream, 'drain', { signal }).catch(() => undefined);
      });
      if (signal.aborted) stream.destroy();
      else stream.end();
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  return stream;
}

/** The XLSX columns' widths: a date-time shows whole, names, phones and e-mails need no widening to read. */
const XLSX_WIDTHS = [8, 17, 16, 14, 14, 18, 24, 30, 30];

/** A list of requests as a streamed XLSX (kit/xlsx-stream.ts): typed cells, text as written. */
export function requestsWorkbook(db: DbOrTx, where: SQL | undefined, lang: Lang, offsetMinutes: number, signal: AbortSignal = new AbortController().signal) {
  const workbook = xlsxStream(lang === 'ru' ? 'Заявки' : 'Requests', { signal, widths: XLSX_WIDTHS });
  const local = localTime(offsetMinutes);
  void (async () => {
    try {
      workbook.addRow(HEADERS[lang]);
      // A slow reader holds the next page back (ready waits): the rows wait in the database, not in memory.
      await readExport(db, where, signal, (row) => workbook.addRow(exportCells(row, lang, local)), workbook.ready);
      if (signal.aborted) workbook.stream.destroy();
      else await workbook.end();
    } catch (error) {
      workbook.stream.destroy(error as Error);
    }
  })();
  return workbook.stream;
}
