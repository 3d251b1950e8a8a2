import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { meRemoveBody, meUpdateBody, type MeUser } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { toRecord } from '../../kit/jsonapi.ts';
import { users } from './user.table.ts';
import { screenRoutes } from './screen-route.table.ts';
import { getMe } from './get-me.ts';
import { removeOwnAccount } from './remove-account.ts';

const BASE = '/gateway/clients.storage/api/v1';
const tags = ['clients.storage'];

export const meRecord = (me: MeUser) => {
  const { id, ...attributes } = me;
  return { id: String(id), type: 'users', attributes };
};

const routeAttributes = ['name', 'path', 'service', 'mode', 'group', 'title', 'permissions', 'module', 'order', 'in_menu'];

export function registerMeRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Kept serialized with the cached caller (access-cache.ts): every change /me shows is notified
  // and drops it, so a repeated /me costs neither SQL nor JSON.stringify.
  r.get(`${BASE}/me`, { schema: { tags, summary: 'The signed-in user with effective permissions' } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const load = async () => JSON.stringify({ data: meRecord(await getMe(ctx.db, ctx.config, auth.userId, auth.clientId, auth.permissions, auth.sessionId)) });
    const json = ctx.access ? await ctx.access.derive(auth, 'me', load) : await load();
    return reply.type('application/json; charset=utf-8').send(json);
  });

  // Only the profile's own fields: the body schema refuses roles, clients, active and the rest.
  r.patch(`${BASE}/me`, { schema: { tags, summary: 'Change own profile', body: meUpdateBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    const attrs = request.body.data.attributes;
    if (Object.keys(attrs).length) await ctx.db.update(users).set({ ...attrs, updated_at: new Date() }).where(eq(users.id, auth.userId));
    return { data: meRecord(await getMe(ctx.db, ctx.config, auth.userId, auth.clientId, auth.permissions, auth.sessionId)) };
  });

  // Account removal: the own account is deactivated after the e-mail is typed again.
  r.delete(`${BASE}/me`, { schema: { tags, summary: 'Remove own account (deactivate it)', body: meRemoveBody } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    await removeOwnAccount(ctx.db, auth, request.body.data.email, request.ip);
    return reply.status(204).send();
  });

  r.get(`${BASE}/me/routes`, { schema: { tags, summary: 'The screens registry the side menu is built from' } }, async () => {
    const rows = await ctx.db.select().from(screenRoutes).orderBy(asc(screenRoutes.order), asc(screenRoutes.id));
    return { data: rows.map((row) => toRecord('routes', row, routeAttributes)) };
  });
}
