import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { emptySummary, IMPORT_COUNTERS, notifierDue, type NotifierKind, type NotifierSummary } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { xlsxFile } from '../../kit/xlsx-stream.ts';
import { renderTemplate } from '../../kit/template.ts';
import { sites } from '../sites.context/site.table.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { carReports, importReports } from '../cars.import/import.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { notifierManagerSettings, notifierReports, notifierReportSettings } from './notifier.table.ts';

/**
 * The importer notifier's job (docs/decisions/export.md, "What does the importer notifier send?"):
 * every hour the schedule asks which report mails are due (their frequency passed since the last
 * one) and sends each the summary of the imports finished in its period, with the rows in error
 * attached as XLSX, through the mail kit. A period without a finished import sends nothing (and
 * stays open until one comes). Every mail, sent or failed, is kept as a notifier report; a failed
 * mail is tried again at the next run.
 */
export const NOTIFIER_JOB = 'importer.notifier.send';
/** Hourly, at minute 5 (UTC): the smallest frequency is an hour. */
export const NOTIFIER_SCHEDULE = '5 * * * *';

const MODULE_OF: Record<NotifierKind, string> = { importer: 'importer-notifier', manager: 'manager-notifier' };

interface DueMail {
  kind: NotifierKind;
  settingId: number;
  siteId: number;
  clientId: number;
  siteName: string;
  receivers: string[];
  subject: string;
  frequency: number;
  lastSentAt: Date | null;
  dealerId: number | null;
  dealerName: string | null;
}

/** The sites with the module installed and active. */
async function sitesWithModule(db: DbOrTx, code: string): Promise<Set<number>> {
  const rows = await db
    .select({ site_id: moduleInstallations.site_id })
    .from(moduleInstallations)
    .innerJoin(modules, eq(modules.id, moduleInstallations.module_id))
    .where(and(eq(modules.code, code), eq(moduleInstallations.active, true)));
  return new Set(rows.map((row) => row.site_id));
}

/** The mails due at `now`: active settings with receivers, on sites with their module, whose frequency has passed. */
export async function dueMails(db: DbOrTx, now: Date): Promise<DueMail[]> {
  const [importerSites, managerSites] = await Promise.all([sitesWithModule(db, MODULE_OF.importer), sitesWithModule(db, MODULE_OF.manager)]);
  const importer = await db
    .select({ row: notifierReportSettings, siteName: sites.name })
    .from(notifierReportSettings)
    .innerJoin(sites, eq(sites.id, notifierReportSettings.site_id))
    .where(and(eq(notifierReportSettings.is_active, true), sql`cardinality(${notifierReportSettings.receivers}) > 0`));
  const managers = await db
    .select({ row: notifierManagerSettings, siteName: sites.name, dealerName: dealerships.title })
    .from(notifierManagerSettings)
    .innerJoin(sites, eq(sites.id, notifierManagerSettings.site_id))
    .leftJoin(dealerships, eq(dealerships.id, notifierManagerSettings.dealer_id))
    .where(and(eq(notifierManagerSettings.is_active, true), sql`cardinality(${notifierManagerSettings.receivers}) > 0`));
  const mails: DueMail[] = [
    ...importer
      .filter(({ row }) => importerSites.has(row.site_id))
      .map(({ row, siteName }) => ({ kind: 'importer' as const, settingId: row.id, siteId: row.site_id, clientId: row.client_id, siteName, receivers: row.receivers, subject: row.subject, frequency: row.frequency, lastSentAt: row.last_sent_at, dealerId: null, dealerName: null })),
    ...managers
      .filter(({ row }) => managerSites.has(row.site_id))
      .map(({ row, siteName, dealerName }) => ({ kind: 'manager' as const, settingId: row.id, siteId: row.site_id, clientId: row.client_id, siteName, receivers: row.receivers, subject: row.name, frequency: row.frequency, lastSentAt: row.last_sent_at, dealerId: row.dealer_id, dealerName })),
  ];
  return mails.filter((mail) => notifierDue(mail.lastSentAt, mail.frequency, now));
}

/** The period a mail covers: since its last mail, or one frequency back for the first. */
const periodOf = (mail: DueMail, now: Date) => ({ from: mail.lastSentAt ?? new Date(now.getTime() - mail.frequency * 3_600_000), to: now });

/**
 * The summary of a period: the site's imports that finished in it, their counters summed. A
 * manager's summary counts only the rows of cars of the manager's dealership (by the car each
 * row wrote), since an import's counters are the whole site's.
 */
export async function periodSummary(db: DbOrTx, siteId: number, period: { from: Date; to: Date }, dealerId: number | null = null): Promise<{ summary: NotifierSummary; reportIds: number[] }> {
  const reports = await db
    .select()
    .from(importReports)
    .where(and(eq(importReports.site_id, siteId), eq(importReports.is_finished, true), gte(importReports.finished_at, period.from), lt(importReports.finished_at, period.to)))
    .orderBy(asc(importReports.id));
  const summary = emptySummary();
  summary.imports = reports.length;
  if (!reports.length) return { summary, reportIds: [] };
  const reportIds = reports.map((report) => report.id);
  if (dealerId === null) {
    for (const report of reports) for (const name of IMPORT_COUNTERS) summary[name] += report[name];
    return { summary, reportIds };
  }
  const rows = await db
    .select({ status: carReports.status, count: sql<number>`count(*)::int` })
    .from(carReports)
    .innerJoin(cars, eq(cars.id, carReports.car_id))
    .where(and(inArray(carReports.report_id, reportIds), eq(cars.dealers_id, dealerId)))
    .groupBy(carReports.status);
  for (const { status, count } of rows) {
    summary.total_count += count;
    if (status === 'created') summary.created_count += count;
    if (status === 'updated') summary.updated_count += count;
    if (status === 'no_changes') summary.unchanged_count += count;
    if (status === 'error') summary.errored_count += count;
  }
  return { summary, reportIds };
}

const COUNTER_TEXT: Record<string, string> = {
  total_count: 'Обработано', created_count: 'Добавлено', updated_count: 'Обновлено', updated_in_stock_count: 'Обновлено в наличии', unchanged_count: 'Без изменений',
  excluded_count: 'Исключено', errored_count: 'С ошибками', gone_count: 'Перемещено в проданные', to_sale_errored_count: 'Перемещено в проданные из-за ошибки',
};

/** The rows in error of the period's imports (a manager's: of their dealer's cars) as an XLSX (typed cells, text as written); null when there are none. */
export async function errorsWorkbook(db: DbOrTx, reportIds: number[], dealerId: number | null): Promise<{ file: Buffer; count: number } | null> {
  if (!reportIds.length) return null;
  const rows = await db
    .select({ report_id: carReports.report_id, row: carReports.row, vin: carReports.vin, external_id: carReports.external_id, errors: carReports.errors })
    .from(carReports)
    .leftJoin(cars, eq(cars.id, carReports.car_id))
    .where(and(inArray(carReports.report_id, reportIds), eq(carReports.status, 'error'), dealerId !== null ? eq(cars.dealers_id, dealerId) : undefined))
    .orderBy(asc(carReports.report_id), asc(carReports.row))
    .limit(100_000);
  if (!rows.length) return null;
  const header = ['Импорт', 'Строка', 'VIN', 'Внешний ID', 'Ошибки'];
  const file = await xlsxFile('Ошибки', [header, ...rows.map((row) => [row.report_id, row.row, row.vin, row.external_id, row.errors.join('\n')])], { widths: [10, 8, 20, 14, 60] });
  return { file, count: rows.length };
}

const DEFAULT_SUBJECT = 'Отчёт об импорте автомобилей: {{site}}';
const TEXT =
  'Сайт: {{site}}{{dealer}}\nПериод: {{from}} — {{to}} (UTC)\nИмпортов: {{imports}}\n\n{{counters}}\n\n{{errors}}\n' +
  'Это письмо отправлено по настройкам уведомлений об импорте сайта.';
const stamp = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

/** Sends one due mail and records it; answers whether it went. */
async function sendMail(ctx: Pick<ServiceContext, 'db' | 'mailer' | 'log'>, mail: DueMail, now: Date): Promise<boolean> {
  const period = periodOf(mail, now);
  const { summary, reportIds } = await periodSummary(ctx.db, mail.siteId, period, mail.dealerId);
  if (!summary.imports) return false;
  const errors = await errorsWorkbook(ctx.db, reportIds, mail.dealerId);
  const values = {
    site: mail.siteName,
    dealer: mail.dealerName ? `\nДилерский центр: ${mail.dealerName}` : '',
    from: stamp(period.from),
    to: stamp(period.to),
    imports: summary.imports,
    counters: IMPORT_COUNTERS.map((name) => `${COUNTER_TEXT[name]}: ${summary[name]}`).join('\n'),
    errors: errors ? `Строки с ошибками (${errors.count}) — во вложении.` : 'Строк с ошибками нет.',
  };
  const subject = renderTemplate(mail.subject.trim() || DEFAULT_SUBJECT, values, false).slice(0, 300);
  let failure: string | null = null;
  try {
    await ctx.mailer.send({
      to: mail.receivers.join(', '),
      subject,
      text: renderTemplate(TEXT, values, false),
      attachments: errors ? [{ filename: `import-errors-${period.to.toISOString().slice(0, 10)}.xlsx`, content: errors.file, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }] : undefined,
    });
  } catch (error) {
    failure = (error as Error).message.slice(0, 500);
    ctx.log.warn({ err: error, site: mail.siteId }, 'notifier mail failed');
  }
  const { imports, ...counters } = summary;
  await ctx.db.insert(notifierReports).values({
    site_id: mail.siteId, client_id: mail.clientId, kind: mail.kind, manager_setting_id: mail.kind === 'manager' ? mail.settingId : null, receivers: mail.receivers, subject,
    period_from: period.from, period_to: period.to, imports_count: imports, counters, errors_count: errors?.count ?? 0, status: failure ? 'failed' : 'sent', error: failure,
  });
  if (failure) return false;
  const table = mail.kind === 'importer' ? notifierReportSettings : notifierManagerSettings;
  await ctx.db.update(table).set({ last_sent_at: now }).where(eq(table.id, mail.settingId));
  return true;
}

/** The job's body (and the tests' entry): sends every mail due at `now`; answers how many went. */
export async function sendDueNotices(ctx: Pick<ServiceContext, 'db' | 'mailer' | 'log'>, now: Date): Promise<number> {
  let sent = 0;
  for (const mail of await dueMails(ctx.db, now)) if (await sendMail(ctx, mail, now)) sent++;
  return sent;
}

/** "Send now" of the settings screen: the importer's mail of a site regardless of its frequency. */
export async function sendReportNow(ctx: Pick<ServiceContext, 'db' | 'mailer' | 'log'>, settingsId: number, now: Date): Promise<boolean> {
  const [row] = await ctx.db.select({ row: notifierReportSettings, siteName: sites.name }).from(notifierReportSettings).innerJoin(sites, eq(sites.id, notifierReportSettings.site_id)).where(eq(notifierReportSettings.id, settingsId)).limit(1);
  if (!row || !row.row.receivers.length) return false;
  const mail: DueMail = { kind: 'importer', settingId: row.row.id, siteId: row.row.site_id, clientId: row.row.client_id, siteName: row.siteName, receivers: row.row.receivers, subject: row.row.subject, frequency: row.row.frequency, lastSentAt: row.row.last_sent_at, dealerId: null, dealerName: null };
  return sendMail(ctx, mail, now);
}
