import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordBody, integer, rawText, refreshBody, restoreCodeBody, restorePasswordBody, signInBody } from '@dp/contracts';
import { z } from 'zod';
import type { ServiceContext } from '../../kit/context.ts';
import { pageFromQuery, toList } from '../../kit/jsonapi.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { listAuthHistory, recordAuthEvent, type RequestMeta } from './auth-history.ts';
import { changePassword } from './change-password.ts';
import { refreshSession } from './refresh-session.ts';
import { completeRestore, resendRestoreCode, startRestore } from './restore-password.ts';
import { revokeSession } from './sessions.ts';
import { signIn } from './sign-in.ts';
import { signInWithOidc } from './sign-in-with-oidc.ts';

const BASE = '/gateway/auth.processing/api/v1';
const tags = ['auth.processing'];

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

export function registerAuthRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(`${BASE}/auth`, { schema: { tags, summary: 'Sign in (method "password" or "oidc"); an account with a second factor gets the challenge of the second step', body: signInBody } }, async (request) => {
    const { method, identity, secret } = request.body.data;
    if (method === 'oidc') return { data: await signInWithOidc(ctx, identity, secret, requestMeta(request)) };
    return { data: await signIn(ctx, identity, secret, requestMeta(request)) };
  });

  r.post(`${BASE}/refresh`, { schema: { tags, summary: 'Rotate the token pair', body: refreshBody } }, async (request) => {
    return { data: await refreshSession(ctx, request.body.data.refresh_token, requestMeta(request)) };
  });

  r.post(`${BASE}/logout`, { schema: { tags, summary: 'End this session' } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    await revokeSession(ctx.db, auth.sessionId, 'logout');
    await recordAuthEvent(ctx.db, auth.userId, 'logout', requestMeta(request), auth.clientId);
    return reply.status(204).send();
  });

  r.post(`${BASE}/change_password`, { schema: { tags, summary: 'Change own password', body: changePasswordBody } }, async (request, reply) => {
    const { old_password, new_password } = request.body.data;
    await changePassword(ctx, requireAuth(request.auth), old_password, new_password, requestMeta(request));
    return reply.status(204).send();
  });

  r.get(
    `${BASE}/me/auth_history`,
    {
      schema: {
        tags,
        summary: 'Own sign-in history',
        querystring: z.strictObject({ 'page[number]': integer(1).optional(), 'page[size]': integer(1, 100).optional() }),
      },
    },
    async (request) => {
      const page = pageFromQuery(request.query);
      const { records, total } = await listAuthHistory(ctx.db, requireAuth(request.auth).userId, page);
      return toList(records, { number: page.number, size: page.size, total });
    },
  );

  r.post(`${BASE}/restore/code`, { schema: { tags, summary: 'Recovery step 1: mail a code', body: restoreCodeBody } }, async (request) => {
    return { data: await startRestore(ctx, request.body.data.identity, request.lang, requestMeta(request)) };
  });

  r.get(
    `${BASE}/restore/:id/refresh`,
    { schema: { tags, summary: 'Recovery: mail a new code', params: z.object({ id: rawText(64) }) } },
    async (request) => ({ data: await resendRestoreCode(ctx, request.params.id, request.lang, requestMeta(request)) }),
  );

  r.post(`${BASE}/restore/password`, { schema: { tags, summary: 'Recovery: set the new password', body: restorePasswordBody } }, async (request, reply) => {
    const { identity, code, new_password } = request.body.data;
    await completeRestore(ctx, identity, code, new_password, requestMeta(request));
    return reply.status(204).send();
  });
}
