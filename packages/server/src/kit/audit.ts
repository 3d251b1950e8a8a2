import type { DbOrTx } from './db.ts';
import { auditLog } from './audit.table.ts';
import type { AuthContext } from './request-context.ts';

/** Fields whose values never enter the trail, whatever the resource. */
const SECRET_FIELDS = /password|secret|token|hash|code_verifier|nonce/i;

export interface AuditEntry {
  action: string;
  service: string;
  resource?: string | null;
  recordId?: string | number | null;
  changes?: Record<string, unknown> | null;
  /** The client that owns the record, whose users may read the entry. */
  clientId?: number | null;
  ip?: string | null;
}

const redact = (field: string, value: unknown) => (SECRET_FIELDS.test(field) ? '[hidden]' : value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields an update changed, as { field: [before, after] }. */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>, fields: string[]) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    if (field === 'updated_at' || field === 'created_at') continue;
    if (!same(before[field], after[field])) changes[field] = [redact(field, before[field]), redact(field, after[field])];
  }
  return changes;
}

/** The attributes of a created or deleted record, secrets hidden. */
export function snapshot(row: Record<string, unknown>, fields: string[]) {
  return Object.fromEntries(fields.filter((f) => f !== 'updated_at' && f !== 'created_at').map((f) => [f, redact(f, row[f])]));
}

/** Writes one entry; `auth` says who acted and as which client (null for anonymous events). */
export async function recordAudit(db: DbOrTx, auth: Pick<AuthContext, 'userId' | 'clientId'> & { tokenId?: number | null } | null, entry: AuditEntry) {
  await db.insert(auditLog).values({
    action: entry.action,
    service: entry.service,
    resource: entry.resource ?? null,
    record_id: entry.recordId == null ? null : String(entry.recordId),
    changes: entry.changes ?? null,
    actor_user_id: auth?.userId ?? null,
    actor_token_id: auth?.tokenId ?? null,
    acting_client_id: auth?.clientId ?? null,
    client_id: entry.clientId ?? null,
    ip: entry.ip ?? null,
  });
}
