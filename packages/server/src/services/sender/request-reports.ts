import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { notifierDue } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { renderTemplate } from '../../kit/template.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { requestsWorkbook } from '../request.storage/request-export.ts';
import { requests } from '../request.storage/request.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { mailDate, requestTypeTitle } from './request-values.ts';
import { requestReportSettings } from './sender.table.ts';
import { asFailure } from './action-failure.ts';

/**
 * Request report mails (spec 002 §3 "Report settings"; the importer notifier's shape;
 * docs/decisions/sender.md, "What do request report mails send?"): every hour the schedule sends
 * each due site (module requests, active, with receivers, its frequency passed since the last mail)
 * the counts by type of the requests of its period (since the last mail; the first: one frequency
 * back), with those requests attached as XLSX (request.storage's export writer). A period without
 * requests sends nothing and stays open; a failed mail is kept as `last_error` and tried again at
 * the next run.
 */
export const REPORT_JOB = 'sender.request_report';
/** Hourly at minute 7 (UTC): the smallest frequency is an hour. */
export const REPORT_SCHEDULE = '7 * * * *';

type Settings = typeof requestReportSettings.$inferSelect;
const DEFAULT_SUBJECT = 'Заявки с сайта {{site}} за {{from}} — {{to}}';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The report settings that are due at `now`. */
async function dueSettings(db: DbOrTx, now: Date) {
  const rows = await db
    .select({ settings: requestReportSettings, siteName: sites.name })
    .from(requestReportSettings)
    .innerJoin(sites, eq(sites.id, requestReportSettings.site_id))
    .innerJoin(moduleInstallations, and(eq(moduleInstallations.site_id, sites.id), eq(moduleInstallations.active, true)))
    .innerJoin(modules, and(eq(modules.id, moduleInstallations.module_id), eq(modules.code, 'requests')))
    .where(and(eq(requestReportSettings.is_active, true), sql`cardinality(${requestReportSettings.receivers}) > 0`));
  return rows.filter(({ settings }) => notifierDue(settings.last_sent_at, settings.frequency, now));
}

/** The counts by type of a site's requests in a period. */
export async function periodCounts(db: DbOrTx, siteId: number, period: { from: Date; to: Date }) {
  return db
    .select({ type: requests.type, count: sql<number>`count(*)::int` })
    .from(requests)
    .where(and(eq(requests.site_id, siteId), gte(requests.created_at, period.from), lt(requests.created_at, period.to)))
    .groupBy(requests.type)
    .orderBy(asc(requests.type));
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Sends one site's report of its period; answers whether a mail went. */
export async function sendReport(ctx: Pick<ServiceContext, 'db' | 'mailer' | 'log'>, settings: Settings, siteName: string, now: Date): Promise<boolean> {
  const period = { from: settings.last_sent_at ?? new Date(now.getTime() - settings.frequency * 3_600_000), to: now };
  const counts = await periodCounts(ctx.db, settings.site_id, period);
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  if (!total) return false;
  const values = { site: siteName, from: mailDate(period.from), to: mailDate(period.to), total };
  const subject = renderTemplate(settings.subject.trim() || DEFAULT_SUBJECT, values, false).replace(/[\r\n]+/g, ' ').slice(0, 300);
  const text = [
    `Сайт: ${siteName}`,
    `Период: ${values.from} — ${values.to} (МСК)`,
    `Всего заявок: ${total}`,
    '',
    ...counts.map((row) => `${requestTypeTitle(row.type, 'ru')}: ${row.count}`),
    '',
    'Заявки периода — во вложении (XLSX).',
    'Это письмо отправлено по настройкам отчётов о заявках сайта.',
  ].join('\n');
  const where = and(eq(requests.site_id, settings.site_id), gte(requests.created_at, period.from), lt(requests.created_at, period.to));
  try {
    const file = await collect(requestsWorkbook(ctx.db, where, 'ru', 180));
    await ctx.mailer.send({ to: settings.receivers.join(', '), subject, text, attachments: [{ filename: `requests-${settings.site_id}-${now.toISOString().slice(0, 10)}.xlsx`, content: file, contentType: XLSX }] });
  } catch (error) {
    ctx.log.warn({ err: error, site: settings.site_id }, 'request report mail failed');
    // Kept as a message (the reader's language on the screen), never the mail server's text.
    await ctx.db.update(requestReportSettings).set({ last_error: asFailure(error).message }).where(eq(requestReportSettings.id, settings.id));
    return false;
  }
  await ctx.db.update(requestReportSettings).set({ last_sent_at: now, last_error: null }).where(eq(requestReportSettings.id, settings.id));
  return true;
}

/** The job's body (and the tests' entry): every report due at `now`; answers how many went. */
export async function sendDueReports(ctx: Pick<ServiceContext, 'db' | 'mailer' | 'log'>, now: Date): Promise<number> {
  let sent = 0;
  for (const { settings, siteName } of await dueSettings(ctx.db, now)) if (await sendReport(ctx, settings, siteName, now)) sent++;
  return sent;
}
