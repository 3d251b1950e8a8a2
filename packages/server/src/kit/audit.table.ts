import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail: every write through the resource machinery and every access event, with who,
 * acting as which client, when, what, and the changed fields before and after (never secrets).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** create, update, delete, sign_in, sign_in_failed, switch_client, token_created, token_used, ... */
    action: text('action').notNull(),
    service: text('service').notNull(),
    /** The resource type ('users', 'roles', ...) and the record's id. */
    resource: text('resource'),
    record_id: text('record_id'),
    /** { field: [before, after] } for updates; the attributes for creates and deletes. */
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    actor_user_id: integer('actor_user_id'),
    actor_token_id: integer('actor_token_id'),
    acting_client_id: integer('acting_client_id'),
    /** The client that owns the record: whose users may read the entry. */
    client_id: integer('client_id'),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_record_idx').on(t.resource, t.record_id),
    index('audit_log_actor_idx').on(t.actor_user_id),
    index('audit_log_client_idx').on(t.client_id, t.created_at),
    index('audit_log_created_idx').on(t.created_at),
  ],
);
