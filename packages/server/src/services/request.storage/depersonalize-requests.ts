import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { recordAudit } from '../../kit/audit.ts';
import { sites } from '../sites.context/site.table.ts';
import { requests } from './request.table.ts';

/**
 * Depersonalization (spec 001 site settings; docs/decisions/requests.md, "How are requests listed,
 * exported and erased?"): a site that depersonalizes erases the personal fields of its requests
 * older than its period (days): the person's columns, the address, the type's personal fields and
 * the counters' client ids; the request itself (type, date, page, UTM) stays for the statistics.
 * One audit entry per site says how many.
 */
export const DEPERSONALIZE_JOB = 'request.storage.depersonalize';
export const DEPERSONALIZE_SCHEDULE = '17 3 * * *';

export async function depersonalizeRequests(db: DbOrTx, now = new Date()): Promise<Record<number, number>> {
  const due = await db.select({ id: sites.id, client_id: sites.client_id, depersonalization: sites.depersonalization }).from(sites).where(sql`(${sites.depersonalization}->>'enabled')::boolean and (${sites.depersonalization}->>'period') is not null`);
  const erased: Record<number, number> = {};
  for (const site of due) {
    const period = Number(site.depersonalization.period);
    if (!Number.isFinite(period) || period <= 0) continue;
    const before = new Date(now.getTime() - period * 86_400_000);
    const rows = await db
      .update(requests)
      .set({
        name: null,
        last_name: null,
        phone: null,
        email: null,
        text: null,
        text_input: null,
        ip: null,
        gender: null,
        fields: sql`${requests.fields} - array['vin', 'number', 'content', 'request_hash', 'dealer_full_name']::text[]`,
        analytics: sql`${requests.analytics} - array['google_client_id', 'ya_client_id', 'kodix_pixel', 'calltracking_session_id']::text[]`,
        depersonalized_at: now,
      })
      .where(and(eq(requests.site_id, site.id), isNull(requests.depersonalized_at), lt(requests.created_at, before)))
      .returning({ id: requests.id });
    if (!rows.length) continue;
    erased[site.id] = rows.length;
    await recordAudit(db, null, { action: 'depersonalize', service: 'request.storage', resource: 'requests', recordId: null, changes: { site_id: site.id, period_days: period, requests: rows.length, before: before.toISOString() }, clientId: site.client_id });
  }
  return erased;
}
