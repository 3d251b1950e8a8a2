import { integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../clients.storage/user.table.ts';

/** External identities (OpenID Connect) bound to a user: the social login binding. */
export const authData = pgTable(
  'auth_data',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('auth_data_provider_subject').on(t.provider, t.subject)],
);

/** A started OpenID Connect login or binding: state, nonce and PKCE verifier, single use. */
export const oidcStates = pgTable('oidc_states', {
  id: uuid('id').primaryKey().defaultRandom(),
  state: text('state').notNull().unique(),
  nonce: text('nonce').notNull(),
  code_verifier: text('code_verifier').notNull(),
  provider: text('provider').notNull(),
  /** 'bind' from the personal area (user_id set) or 'sign_in'. */
  purpose: text('purpose').notNull(),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
});
