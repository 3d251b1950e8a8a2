import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { activateUserBody, filterText, id, integer } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { escapeLike, findScoped, scopeCondition, type Binding, type ResourceRegistry } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { toRecord } from '../../kit/jsonapi.ts';
import { inScope, requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { clients } from './client.table.ts';
import { userClients, users } from './user.table.ts';
import { setUserActive } from './user.hooks.ts';
import { assertCovers } from './assert-grantable.ts';
import { listActiveSessions } from '../auth.processing/sessions.ts';
import { requestMeta } from '../auth.processing/auth.routes.ts';
import { resetSecondFactor } from '../auth.processing/disable-second-factor.ts';
import { secondFactorStatus } from '../auth.processing/enrol-second-factor.ts';

const BASE = '/gateway/clients.storage/api/v1';
const tags = ['clients.storage'];
const userRef = { service: 'clients.storage', name: 'users' } as const;

/**
 * The light user lookup of pickers, within the caller's scope. Asked for one e-mail that matches
 * nobody, it answers the specification's 'User with the e-mail {email} was not found'.
 */
export async function findUsers(db: DbOrTx, binding: Binding, auth: AuthContext, query: { email?: string; search?: string; size: number }) {
  const email = query.email?.trim().toLowerCase();
  const term = query.search ? `%${escapeLike(query.search)}%` : null;
  const rows = await db
    .select({ id: users.id, name: users.name, last_name: users.last_name, email: users.email, active: users.active })
    .from(users)
    .where(
      and(
        scopeCondition(binding, auth),
        email ? eq(users.email, email) : undefined,
        term ? or(ilike(users.name, term), ilike(users.last_name, term), ilike(users.email, term)) : undefined,
      ),
    )
    .orderBy(asc(users.last_name), asc(users.id))
    .limit(query.size);
  if (email && !rows.length) throw new AppError(404, 'user_email_not_found', { email });
  return rows;
}

/** The clients of a user the caller may see, both in the caller's scope. */
export async function clientsOfUser(db: DbOrTx, binding: Binding, auth: AuthContext, userId: number) {
  const user = await findScoped(db, binding, userId, auth);
  const ids = (user.client_ids as number[]).filter((clientId) => inScope(auth, clientId));
  return ids.length ? db.select().from(clients).where(inArray(clients.id, ids)).orderBy(asc(clients.name)) : [];
}

export function registerUserRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const binding = registry.get(userRef);

  r.patch(
    `${BASE}/users/:id/activate`,
    { schema: { tags, summary: 'Activate or deactivate a user', params: z.object({ id: id() }), body: activateUserBody } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const user = await ctx.db.transaction(async (tx) => {
        const existing = await findScoped(tx, binding, request.params.id, auth);
        if (existing.active !== request.body.data.active) await setUserActive(tx, auth, existing, request.body.data.active, request.ip);
        return findScoped(tx, binding, existing.id, auth);
      });
      return { data: toRecord('users', user, ['email', 'name', 'last_name', 'active', 'client_ids']) };
    },
  );

  // A light list for pickers; looking one e-mail up answers the spec's "not found" message.
  r.get(
    `${BASE}/users/filtered`,
    {
      schema: {
        tags,
        summary: 'Users matching a search or an e-mail (id, name, e-mail)',
        querystring: z.strictObject({ 'filter[search]': filterText(100).optional(), 'filter[email]': filterText(254).optional(), 'page[size]': integer(1, 100).optional() }),
      },
    },
    async (request) => {
      const query = request.query;
      const found = await findUsers(ctx.db, binding, requireAuth(request.auth), {
        email: query['filter[email]'],
        search: query['filter[search]'],
        size: query['page[size]'] ?? 20,
      });
      return { data: found.map((row) => toRecord('users', row, ['name', 'last_name', 'email', 'active'])) };
    },
  );

  // A user's working sessions (where and since when it is signed in): only for someone who covers the user.
  r.get(
    `${BASE}/users/:id/sessions`,
    { schema: { tags, summary: "A user's active sessions", params: z.object({ id: id() }) } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const user = await findScoped(ctx.db, binding, request.params.id, auth);
      await assertCovers(ctx.db, auth, { id: user.id, internal: user.internal === true });
      const rows = await listActiveSessions(ctx.db, user.id);
      const data = rows.map((row) => {
        const record = toRecord('sessions', row, ['created_at', 'expires_at', 'ip', 'user_agent']);
        const client = row.client_id ? { id: row.client_id, name: row.client_name } : null;
        return { ...record, attributes: { ...record.attributes, client, current: row.id === auth.sessionId } };
      });
      return { data };
    },
  );

  // Another user's second factor: whether it is set up; a reset (a lost phone) under the takeover rule.
  r.get(
    `${BASE}/users/:id/second_factor`,
    { schema: { tags, summary: "Whether a user's second factor is set up", params: z.object({ id: id() }) } },
    async (request) => {
      const user = await findScoped(ctx.db, binding, request.params.id, requireAuth(request.auth));
      return { data: await secondFactorStatus(ctx.db, user.id) };
    },
  );

  r.delete(
    `${BASE}/users/:id/second_factor`,
    { schema: { tags, summary: "Reset a user's second factor (ends the user's sessions)", params: z.object({ id: id() }) } },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const user = await findScoped(ctx.db, binding, request.params.id, auth);
      const target = { id: user.id, internal: user.internal === true, clientId: ((user.client_ids as number[]) ?? [])[0] ?? null };
      await resetSecondFactor(ctx, auth, target, requestMeta(request));
      return reply.status(204).send();
    },
  );

  r.get(
    `${BASE}/clients/by_user`,
    { schema: { tags, summary: "A user's clients", querystring: z.strictObject({ user_id: id() }) } },
    async (request) => {
      const rows = await clientsOfUser(ctx.db, binding, requireAuth(request.auth), request.query.user_id);
      return { data: rows.map((row) => toRecord('clients', row, ['name', 'code'])) };
    },
  );
}
