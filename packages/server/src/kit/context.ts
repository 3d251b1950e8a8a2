import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db.ts';
import type { JobQueue } from './jobs.ts';
import type { Mailer } from './mail.ts';
import type { FileStorage } from './files.ts';
import type { AccessTokens } from '../services/auth.processing/access-token.ts';
import type { AccessCache } from '../services/auth.processing/access-cache.ts';
import type { ModuleStates } from '../services/marketplace/module-gate.ts';

/** What the services' functions need from the app; built once in buildApp. */
export interface ServiceContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  mailer: Mailer;
  tokens: AccessTokens;
  /** Key of the HMAC that stores recovery codes. */
  codeKey: Uint8Array;
  /** Key that derives a refresh token's successor from it (the grace period of refresh-session.ts). */
  refreshKey: Uint8Array;
  /** Stored files (site images now, the media library later): DATA_DIR/files. */
  files: FileStorage;
  /** Who each bearer token is, per process, dropped on every notified change (auth.processing). */
  access?: AccessCache;
  /** The site modules of sites and clients, per process (marketplace): the gateway's module check and the public intake read them. */
  modules?: ModuleStates;
}
