import { eq, inArray } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import { renderTemplate } from '../../kit/template.ts';
import { clients } from '../clients.storage/client.table.ts';
import { users } from '../clients.storage/user.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { modules } from './module.table.ts';

export const MODULE_NOTICE_JOB = 'marketplace.module-notice';

export type ModuleChange = 'install' | 'uninstall' | 'suspend' | 'resume';

/** What one call changed: per site, the module codes (the job's payload). */
export interface ModuleNotice {
  action: ModuleChange;
  reason: string | null;
  actor_user_id: number;
  changes: { site_id: number; modules: string[] }[];
}

/** Queues the mails of a change, once it is committed; nothing to tell, nothing queued. */
export async function queueModuleNotice(ctx: Pick<ServiceContext, 'jobs'>, notice: ModuleNotice) {
  const changes = notice.changes.filter((change) => change.modules.length > 0);
  if (changes.length) await ctx.jobs.send(MODULE_NOTICE_JOB, { ...notice, changes });
}

const VERBS: Record<ModuleChange, string> = { install: 'подключён', uninstall: 'отключён', suspend: 'приостановлен', resume: 'возобновлён' };
const SUBJECT = 'Модуль «{{module}}» {{verb}}: {{count}} сайт(ов)';
const TEXT =
  'Модуль «{{module}}» ({{code}}) {{verb}} на сайтах:\n{{sites}}\n\nКто: {{actor}}\nПричина: {{reason}}\n\n' +
  'Это письмо отправлено адресам уведомлений модуля в маркетплейсе.';

/**
 * The job: every module's notification e-mails (spec 000 §3 Module) hear which sites it was
 * installed on, uninstalled from, suspended or resumed on, by whom and why. One mail per module
 * and address per change; plain text through the logic-less template. The recipients are
 * platform addresses, so the mail is in Russian, the platform's language.
 */
export async function sendModuleNotices(ctx: Pick<ServiceContext, 'db' | 'mailer'>, notice: ModuleNotice) {
  const codes = [...new Set(notice.changes.flatMap((change) => change.modules))];
  const siteIds = notice.changes.map((change) => change.site_id);
  const found = await ctx.db.select().from(modules).where(inArray(modules.code, codes));
  const withRecipients = found.filter((module) => module.notification_emails.length > 0);
  if (!withRecipients.length) return;
  const siteRows = await ctx.db
    .select({ id: sites.id, name: sites.name, host: sites.host, client: clients.name })
    .from(sites)
    .leftJoin(clients, eq(clients.id, sites.client_id))
    .where(inArray(sites.id, siteIds));
  const [actor] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, notice.actor_user_id));
  for (const module of withRecipients) {
    const changed = notice.changes.filter((change) => change.modules.includes(module.code));
    const lines = changed.map((change) => {
      const site = siteRows.find((row) => row.id === change.site_id);
      return site ? `— ${site.name}${site.host ? ` (${site.host})` : ''}, ${site.client ?? ''}` : `— #${change.site_id}`;
    });
    const values = {
      module: module.name,
      code: module.code,
      verb: VERBS[notice.action],
      count: changed.length,
      sites: lines.join('\n'),
      actor: actor?.email ?? `#${notice.actor_user_id}`,
      reason: notice.reason ?? '—',
    };
    for (const to of module.notification_emails) {
      await ctx.mailer.send({ to, subject: renderTemplate(SUBJECT, values, false), text: renderTemplate(TEXT, values, false) });
    }
  }
}
