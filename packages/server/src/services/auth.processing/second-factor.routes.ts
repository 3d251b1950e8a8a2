import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { secondFactorCodeBody, secondFactorDisableBody, secondFactorSignInBody, secondFactorStartBody } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { requestMeta } from './auth.routes.ts';
import { disableSecondFactor } from './disable-second-factor.ts';
import { confirmEnrolment, regenerateRecoveryCodes, secondFactorStatus, startEnrolment } from './enrol-second-factor.ts';
import { completeSecondFactorSignIn } from './second-factor-sign-in.ts';

const BASE = '/gateway/auth.processing/api/v1';
const tags = ['auth.processing'];

/** The sign-in's second step and the own second factor of the personal area (TOTP). */
export function registerSecondFactorRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(`${BASE}/auth/second_factor`, { schema: { tags, summary: 'Sign in, second step: a code of the app or a recovery code', body: secondFactorSignInBody } }, async (request) => {
    const { challenge, code } = request.body.data;
    return { data: await completeSecondFactorSignIn(ctx, challenge, code, requestMeta(request)) };
  });

  r.get(`${BASE}/me/second_factor`, { schema: { tags, summary: 'Own second factor: set up, required, recovery codes left' } }, async (request) => {
    return { data: await secondFactorStatus(ctx.db, requireAuth(request.auth).userId) };
  });

  r.post(`${BASE}/me/second_factor`, { schema: { tags, summary: 'Start setting up the second factor (password again)', body: secondFactorStartBody } }, async (request) => {
    return { data: await startEnrolment(ctx, requireAuth(request.auth), request.body.data.password, requestMeta(request)) };
  });

  r.post(`${BASE}/me/second_factor/confirm`, { schema: { tags, summary: 'Confirm the second factor with its first code', body: secondFactorCodeBody } }, async (request) => {
    return { data: await confirmEnrolment(ctx, requireAuth(request.auth), request.body.data.code, requestMeta(request)) };
  });

  r.post(`${BASE}/me/second_factor/recovery_codes`, { schema: { tags, summary: 'New recovery codes for a code', body: secondFactorCodeBody } }, async (request) => {
    return { data: await regenerateRecoveryCodes(ctx, requireAuth(request.auth), request.body.data.code, requestMeta(request)) };
  });

  r.post(`${BASE}/me/second_factor/disable`, { schema: { tags, summary: 'Turn the second factor off (password and code)', body: secondFactorDisableBody } }, async (request, reply) => {
    const { password, code } = request.body.data;
    await disableSecondFactor(ctx, requireAuth(request.auth), password, code, requestMeta(request));
    return reply.status(204).send();
  });
}
