import { and, eq, sql } from 'drizzle-orm';
import { REVIEWER_COMMENT_MAX, type Lang, type ReviewOutcome } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { randomToken, sha256 } from '../../kit/secrets.ts';
import { renderTemplate } from '../../kit/template.ts';
import type { RequestRow } from '../request.storage/request.routes.ts';
import { requests } from '../request.storage/request.table.ts';
import { requestTypeTitle } from '../sender/request-values.ts';
import { requestReportSettings } from '../sender/sender.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { reviewerInvitations, reviewerRatings, reviewerSettings } from './reviewer.table.ts';

/** The module whose installation lets a site invite its customers to rate it. */
export const REVIEWER_MODULE = 'reviewer';
/** The queue of invitations waiting for their moment. */
export const REVIEWER_INVITE_JOB = 'reviewer.invite';
/** Where a site's rating pages are, on the site's own host. */
export const REVIEW_PAGE_PREFIX = '/_review/';

type Ctx = Pick<ServiceContext, 'db' | 'modules' | 'jobs' | 'mailer' | 'log'>;

/** Whether the site's reviewer module is installed and active (a process without the module states: yes). */
async function moduleActive(ctx: Pick<ServiceContext, 'modules'>, siteId: number) {
  return !ctx.modules || (await ctx.modules.siteState(siteId, REVIEWER_MODULE)) === 'installed';
}

async function settingsOfSite(db: DbOrTx, siteId: number) {
  const [row] = await db.select().from(reviewerSettings).where(eq(reviewerSettings.site_id, siteId)).limit(1);
  return row ?? null;
}

/**
 * request.storage's handled mark: a request with an e-mail, on a site whose module is active and
 * whose invitations are on, gets one invitation, sent after the settings' delay.
 */
export async function inviteAfterHandled(ctx: Ctx, request: RequestRow): Promise<void> {
  if (!request.email) return;
  if (!(await moduleActive(ctx, request.site_id))) return;
  const settings = await settingsOfSite(ctx.db, request.site_id);
  if (!settings?.enabled) return;
  const sendAfter = new Date(Date.now() + settings.delay_minutes * 60_000);
  const [invitation] = await ctx.db
    .insert(reviewerInvitations)
    .values({ site_id: request.site_id, client_id: request.client_id, request_id: request.id, email: request.email, send_after: sendAfter })
    .onConflictDoNothing()
    .returning({ id: reviewerInvitations.id });
  if (!invitation) return;
  await ctx.jobs.send(REVIEWER_INVITE_JOB, { invitationId: invitation.id }, { singletonKey: `reviewer-${invitation.id}`, startAfter: sendAfter });
}

/** The address of a site's pages: its own host, else its technical one. */
function siteBase(site: { host: string | null; technical_host: string | null; use_http: boolean }) {
  return `${site.use_http ? 'http' : 'https'}://${site.host ?? site.technical_host}`;
}

/**
 * Sends a waiting invitation (the job): checked again now (the module, the setting), with a fresh
 * token whose hash is kept. A mail server's failure throws: the job is tried again.
 */
export async function sendInvitation(ctx: Ctx, invitationId: number): Promise<'sent' | 'skipped' | 'done'> {
  const [invitation] = await ctx.db.select().from(reviewerInvitations).where(eq(reviewerInvitations.id, invitationId)).limit(1);
  if (!invitation || invitation.status !== 'waiting') return 'done';
  const settings = await settingsOfSite(ctx.db, invitation.site_id);
  const [site] = await ctx.db.select({ name: sites.name, host: sites.host, technical_host: sites.technical_host, use_http: sites.use_http }).from(sites).where(eq(sites.id, invitation.site_id)).limit(1);
  const [request] = await ctx.db.select({ name: requests.name }).from(requests).where(eq(requests.id, invitation.request_id)).limit(1);
  if (!settings?.enabled || !site || !(site.host ?? site.technical_host) || !(await moduleActive(ctx, invitation.site_id))) {
    await ctx.db.update(reviewerInvitations).set({ status: 'skipped' }).where(eq(reviewerInvitations.id, invitation.id));
    return 'skipped';
  }
  const token = randomToken(24);
  const values = { name: request?.name?.trim() || '', site: site.name, link: `${siteBase(site)}${REVIEW_PAGE_PREFIX}${token}` };
  const subject = renderTemplate(settings.mail_subject, values, false).replace(/[\r\n]+/g, ' ').slice(0, 300);
  const text = renderTemplate(settings.mail_template, values, false);
  await ctx.db.update(reviewerInvitations).set({ token_hash: sha256(token) }).where(eq(reviewerInvitations.id, invitation.id));
  await ctx.mailer.send({ to: invitation.email, subject, text });
  await ctx.db.update(reviewerInvitations).set({ status: 'sent', sent_at: new Date() }).where(eq(reviewerInvitations.id, invitation.id));
  return 'sent';
}

/** The invitation of a token on a site, with what its page needs; null when the token is not one of the site's. */
export async function invitationOfToken(db: DbOrTx, siteId: number, token: string) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [invitation] = await db
    .select()
    .from(reviewerInvitations)
    .where(and(eq(reviewerInvitations.site_id, siteId), eq(reviewerInvitations.token_hash, sha256(token))))
    .limit(1);
  return invitation ?? null;
}

export type RatingResult = { kind: 'used' } | { kind: 'rated'; outcome: ReviewOutcome; links: { title: string; url: string }[] };

/**
 * A customer's rating through their invitation, once: at or above the threshold it is sent on to
 * the public review links; below, it goes to the dealer's receivers as a complaint with the
 * request's details (a mail failure is logged: the rating is kept and listed all the same).
 */
export async function rate(ctx: Ctx, invitation: typeof reviewerInvitations.$inferSelect, rating: number, comment: string, lang: Lang): Promise<RatingResult> {
  const settings = await settingsOfSite(ctx.db, invitation.site_id);
  const threshold = settings?.rate_threshold ?? 4;
  const outcome: ReviewOutcome = rating >= threshold ? 'public' : 'complaint';
  const text = comment.trim().slice(0, REVIEWER_COMMENT_MAX) || null;
  const [request] = await ctx.db.select().from(requests).where(eq(requests.id, invitation.request_id)).limit(1);
  const stored = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(reviewerInvitations)
      .set({ rated_at: new Date() })
      .where(and(eq(reviewerInvitations.id, invitation.id), sql`${reviewerInvitations.rated_at} is null`))
      .returning({ id: reviewerInvitations.id });
    if (!claimed) return false;
    await tx.insert(reviewerRatings).values({
      site_id: invitation.site_id,
      client_id: invitation.client_id,
      invitation_id: invitation.id,
      request_id: invitation.request_id,
      request_type: request?.type ?? null,
      customer_name: [request?.name, request?.last_name].filter(Boolean).join(' ') || null,
      customer_email: invitation.email,
      rating,
      comment: text,
      outcome,
    });
    return true;
  });
  if (!stored) return { kind: 'used' };
  if (outcome === 'complaint') await sendComplaint(ctx, invitation, settings?.complaint_receivers ?? [], { rating, comment: text, request: request ?? null }, lang);
  return { kind: 'rated', outcome, links: outcome === 'public' ? (settings?.review_links ?? []) : [] };
}

/** The complaint's receivers: the reviewer settings' own, else the site's request report receivers. */
async function complaintReceivers(db: DbOrTx, siteId: number, own: string[]) {
  if (own.length) return own;
  const [report] = await db.select({ receivers: requestReportSettings.receivers }).from(requestReportSettings).where(eq(requestReportSettings.site_id, siteId)).limit(1);
  return report?.receivers ?? [];
}

const COMPLAINT_TEXT = {
  ru: { subject: 'Низкая оценка клиента: {{rating}} из 5 — {{site}}', rating: 'Оценка', comment: 'Комментарий', none: '(без комментария)', request: 'Заявка', date: 'Дата заявки', name: 'Клиент', phone: 'Телефон', email: 'E-mail', text: 'Текст заявки', footer: 'Клиент оценил работу по приглашению после обработки заявки (модуль «Отзывы»).' },
  en: { subject: 'A low customer rating: {{rating}} of 5 — {{site}}', rating: 'Rating', comment: 'Comment', none: '(no comment)', request: 'Request', date: 'Request date', name: 'Customer', phone: 'Phone', email: 'E-mail', text: 'Request text', footer: 'The customer rated the work through the invitation sent after the request was handled (the Reviewer module).' },
};

async function sendComplaint(ctx: Ctx, invitation: typeof reviewerInvitations.$inferSelect, own: string[], what: { rating: number; comment: string | null; request: RequestRow | null }, lang: Lang) {
  const receivers = await complaintReceivers(ctx.db, invitation.site_id, own);
  if (!receivers.length) {
    ctx.log.warn({ site: invitation.site_id, invitation: invitation.id }, 'a complaint has no receivers: kept in the ratings list only');
    return;
  }
  const [site] = await ctx.db.select({ name: sites.name }).from(sites).where(eq(sites.id, invitation.site_id)).limit(1);
  const words = COMPLAINT_TEXT[lang];
  const request = what.request;
  const line = (label: string, value: unknown) => (value === null || value === undefined || value === '' ? [] : [`${label}: ${String(value)}`]);
  const text = [
    `${words.rating}: ${what.rating} / 5`,
    `${words.comment}: ${what.comment ?? words.none}`,
    '',
    ...line(words.request, request ? `№ ${request.id}, ${requestTypeTitle(request.type, lang)}` : invitation.request_id),
    ...line(words.date, request?.created_at.toISOString().slice(0, 16).replace('T', ' ') + ' UTC'),
    ...line(words.name, [request?.name, request?.last_name].filter(Boolean).join(' ')),
    ...line(words.phone, request?.phone),
    ...line(words.email, invitation.email),
    ...line(words.text, request?.text),
    '',
    words.footer,
  ].join('\n');
  const subject = renderTemplate(words.subject, { rating: what.rating, site: site?.name ?? '' }, false);
  try {
    await ctx.mailer.send({ to: receivers.join(', '), subject, text, replyTo: invitation.email });
  } catch (error) {
    ctx.log.error({ err: error, invitation: invitation.id }, 'the complaint mail failed');
  }
}
