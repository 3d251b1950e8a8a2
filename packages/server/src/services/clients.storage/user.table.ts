import { boolean, index, integer, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { clientGroups, clients, timestamps } from './client.table.ts';
import { searchIndex } from '../../kit/search-index.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    last_name: text('last_name'),
    phone: text('phone'),
    locale: text('locale').notNull().default('ru'),
    password_hash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    /** Provider staff: set only by internal root holders, and only on an internal e-mail domain. */
    internal: boolean('internal').notNull().default(false),
    default_client_id: integer('default_client_id').references(() => clients.id),
    ...timestamps,
  },
  // The list's substring search (kit/search-index.ts) and its default order (last name, then id).
  (t) => [
    searchIndex('users_name_fold', t.name),
    searchIndex('users_last_name_fold', t.last_name),
    searchIndex('users_email_fold', t.email),
    index('users_last_name_order').on(t.last_name, t.id),
  ],
);

/** The clients a user works for (default client included). */
export const userClients = pgTable(
  'user_clients',
  {
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    client_id: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.client_id] }), index('user_clients_client_idx').on(t.client_id)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    service: text('service').notNull(),
    code: text('code').notNull(),
    name: text('name'),
    description: text('description'),
    ...timestamps,
  },
  (t) => [unique('permissions_service_code').on(t.service, t.code)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  /** null: a role of the platform; otherwise the client that owns it. */
  client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
  /** Holders of the role must sign in with a second factor (auth.processing second-factor.ts). */
  requires_second_factor: boolean('requires_second_factor').notNull().default(false),
  ...timestamps,
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role_id: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] })],
);

/** Extra permissions granted to a user beyond the roles. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.permission_id] })],
);

/** Client groups a user works for: every client of the group is one of the user's clients. */
export const userGroups = pgTable(
  'user_groups',
  {
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    group_id: integer('group_id').notNull().references(() => clientGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.group_id] })],
);
