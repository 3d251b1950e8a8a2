import { and, eq } from 'drizzle-orm';
import type { Lang } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { renderTemplate } from '../../kit/template.ts';
import { ActionFailure } from './action-failure.ts';
import { placeholderValues, type RequestContext, type RequestRow } from './request-values.ts';
import { loadSiteSmtp, sendThroughSite, SMTP_TIMEOUT_MS, type SiteSmtp } from './smtp-transport.ts';
import { smtpFailure } from './smtp-failure.ts';
import { emailActions } from './sender.table.ts';

type EmailAction = typeof emailActions.$inferSelect;

/** A rendered mail of a template: subject on one line, the body as text (and HTML for html templates). */
export interface RenderedMail {
  subject: string;
  text: string;
  html?: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
/** The text part of an HTML mail: line breaks for blocks, no tags, entities read back. */
export const htmlToText = (html: string) =>
  html
    .replace(/<(br|\/p|\/div|\/li|\/tr|\/h[1-6])\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity]!)
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Renders a template's subject and body on the values (the body escaped when it is HTML). */
export function renderMail(template: Pick<EmailAction, 'subject' | 'body' | 'content_type'>, values: Record<string, string>): RenderedMail {
  const subject = renderTemplate(template.subject, values, false).replace(/[\r\n\t]+/g, ' ').trim().slice(0, 500);
  if (template.content_type !== 'html') return { subject, text: renderTemplate(template.body, values, false) };
  const html = renderTemplate(template.body, values, true);
  return { subject, html, text: htmlToText(html) };
}

/** The template's recipients for a request: its own, and those of the request's dealership by code. */
export function recipientsOf(template: Pick<EmailAction, 'to' | 'dealer_recipients'>, dealerCode: string | null): string[] {
  const byDealer = dealerCode ? template.dealer_recipients.filter((entry) => entry.dealer_code.trim().toLowerCase() === dealerCode.trim().toLowerCase()).flatMap((entry) => entry.emails) : [];
  return [...new Set([...template.to, ...byDealer].map((address) => address.toLowerCase()))];
}

/**
 * Sends a site's e-mail template for a request: through the site's SMTP settings (`is_smtp`,
 * from the template's address) or the platform's mail (from the platform, replies to the template's
 * address: a platform server may not send as any domain).
 */
export async function sendEmailAction(ctx: Pick<ServiceContext, 'db' | 'mailer'>, actionId: number, request: RequestRow, context: RequestContext, lang: Lang = 'ru'): Promise<void> {
  const [template] = await ctx.db.select().from(emailActions).where(and(eq(emailActions.id, actionId), eq(emailActions.site_id, request.site_id))).limit(1);
  if (!template) throw new ActionFailure('sender_action_template_missing', {}, true);
  const mail = renderMail(template, placeholderValues(request, context, lang));
  const to = recipientsOf(template, context.dealer?.code ?? null);
  if (template.is_smtp) {
    const smtp = await loadSiteSmtp(ctx.db, request.site_id);
    if (!smtp) throw new ActionFailure('sender_action_no_smtp', {}, true);
    try {
      await sendThroughSite(smtp, { from: template.from, to, cc: template.cc, bcc: template.bcc, ...mail });
    } catch (error) {
      throw siteMailFailure(error, smtp, template.from, to);
    }
    return;
  }
  await ctx.mailer.send({ to: to.join(', '), cc: template.cc, bcc: template.bcc, replyTo: template.from, ...mail });
}

/** Reasons a site's SMTP server gives that will not change by trying again. */
const FINAL_REASONS = new Set(['sender_mail_auth', 'sender_mail_recipient', 'sender_mail_sender', 'sender_mail_address', 'sender_mail_dns']);

/** A site's SMTP failure in words (smtp-failure.ts), retried unless it will not change by itself. */
function siteMailFailure(error: unknown, smtp: SiteSmtp, from: string, to: string[]): ActionFailure {
  const failure = smtpFailure(error, smtp, { from, to: to.join(', ') }, SMTP_TIMEOUT_MS, 'mail');
  const code = (error as { responseCode?: number }).responseCode ?? 0;
  return new ActionFailure(failure.key, failure.params, FINAL_REASONS.has(failure.key) || code >= 500);
}
