import { defineServerService } from '../../kit/service.ts';
import * as authDataTables from './auth-data.table.ts';
import * as customTokenTables from './custom-token.table.ts';
import * as secondFactorTables from './second-factor.table.ts';
import * as sessionTables from './session.table.ts';
import { registerAuthDataRoutes } from './auth-data.routes.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { registerClientSwitchRoutes } from './client-switch.routes.ts';
import { registerCustomTokenRoutes } from './custom-token.routes.ts';
import { registerSecondFactorRoutes } from './second-factor.routes.ts';
import { RESTORE_MAIL_JOB, sendRestoreCodeMail } from './restore-password.ts';

/** Sign-in, sessions, custom tokens, second factors, the client switch; the password recovery mails. */
export const authProcessing = defineServerService({
  name: 'auth.processing',
  tables: [sessionTables, customTokenTables, authDataTables, secondFactorTables],
  async register(app, ctx) {
    registerAuthRoutes(app, ctx);
    registerCustomTokenRoutes(app, ctx);
    registerAuthDataRoutes(app, ctx);
    registerSecondFactorRoutes(app, ctx);
    registerClientSwitchRoutes(app, ctx);
  },
  jobs: (ctx) => ({
    [RESTORE_MAIL_JOB]: (data: { restore_id: string; lang: 'ru' | 'en' }) => sendRestoreCodeMail(ctx, data),
  }),
});
