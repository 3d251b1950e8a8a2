import { bigint, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../clients.storage/user.table.ts';

/**
 * A user's second factor (TOTP, RFC 6238): one per user. The secret is sealed (kit/secrets.ts);
 * `confirmed_at` is null while an enrolment waits for its first code.
 */
export const secondFactors = pgTable('second_factors', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret_sealed: text('secret_sealed').notNull(),
  confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
  /** The time step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
  last_used_step: bigint('last_used_step', { mode: 'number' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored as HMACs; a used code keeps its row with `used_at`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.user_id)],
);

/** A sign-in waiting for its second step: the password was right, the code is still to come. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.user_id)],
);
