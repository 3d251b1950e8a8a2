import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './kit/config.ts';
import type { ServiceContext } from './kit/context.ts';
import type { Database } from './kit/db.ts';
import { createFileStorage } from './kit/files.ts';
import { createMailer } from './kit/mail.ts';
import { loadSecret } from './kit/secrets.ts';
import { AccessTokens } from './services/auth.processing/access-token.ts';
import { createNotifier } from './services/notificator/raise.ts';

/**
 * The services' context as the app and `npm run worker` build it: its job queue is set once the
 * jobs start, its caches (access, modules) by the app only.
 */
export async function createServiceContext(database: Database, config: Config, log: FastifyBaseLogger): Promise<ServiceContext> {
  const ctx = {
    db: database.db,
    config,
    log,
    mailer: createMailer(config, log),
    tokens: new AccessTokens(await loadSecret(database.db, 'jwt', config.jwtSecret), config.accessTokenTtlSeconds),
    codeKey: await loadSecret(database.db, 'restore-code', null),
    refreshKey: await loadSecret(database.db, 'refresh-successor', null),
    // Stored files: site images, the media library, uploaded feeds the import reads, files mails attach.
    files: createFileStorage(config),
  } as Omit<ServiceContext, 'jobs'> as ServiceContext;
  // How the services raise notifications about their own events (the notificator keeps and delivers them).
  ctx.notifier = createNotifier(ctx);
  return ctx;
}
