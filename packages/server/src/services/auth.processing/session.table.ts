import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients.storage/client.table.ts';
import { users } from '../clients.storage/user.table.ts';

/** One login: its access tokens carry the id, its refresh tokens rotate inside it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The client the session acts as. */
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    revoked_reason: text('revoked_reason'),
    /**
     * How the sign-in was confirmed beyond the password: 'totp', 'recovery_code', 'provider' (an
     * external sign-in, left to the provider's own factor); null for the password alone.
     */
    second_factor: text('second_factor'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Refresh tokens, stored as SHA-256 hashes; each works once. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    session_id: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.session_id)],
);

/** The activity history of the personal area. */
export const authHistory = pgTable(
  'auth_history',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_history_user_idx').on(t.user_id, t.created_at)],
);

/** A password recovery in steps; the code itself is never stored, only its HMAC. */
export const restoreRequests = pgTable(
  'restore_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identity: text('identity').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    sent_count: integer('sent_count').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('restore_requests_identity_idx').on(t.identity)],
);

/** Fixed-window counters for rate limits, shared by every app process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  window_start: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  count: integer('count').notNull().default(0),
});

/** Secrets generated on first start (the JWT key) so every process shares them. */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
