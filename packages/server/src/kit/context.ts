import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db.ts';
import type { JobQueue } from './jobs.ts';
import type { Mailer } from './mail.ts';
import type { FileStorage } from './files.ts';
import type { NotifiedCache } from './notified-cache.ts';
import type { AuthContext } from './request-context.ts';

/** Signs and reads the short-lived access tokens (auth.processing's AccessTokens). */
export interface AccessTokenSigner {
  readonly ttlSeconds: number;
  sign(userId: number, sessionId: string): Promise<string>;
  verify(token: string): Promise<{ sub: string; sid: string; exp: number } | null>;
}

/** Who each bearer token is, per process, dropped on every notified change (auth.processing's AccessCache). */
export interface CallerCache extends NotifiedCache {
  readonly size: number;
  /** The caller of `token`, from the cache or from `load`; `validUntil` (epoch ms) bounds the reuse. */
  authenticate(token: string, load: () => Promise<{ auth: AuthContext; validUntil: number } | null>): Promise<AuthContext | null>;
  /** A value derived from the caller, computed once per cached caller and dropped with it. */
  derive<T>(auth: AuthContext, key: string, compute: () => Promise<T>): Promise<T>;
}

/** The site modules of sites and clients, per process (marketplace's ModuleStates). */
export interface SiteModuleStates extends NotifiedCache {
  siteState(siteId: number, module: string): Promise<'installed' | 'paused' | 'missing' | null>;
  /** The client a site belongs to, kept with its modules; null for a site that does not exist. */
  siteClient(siteId: number): Promise<number | null>;
}

/**
 * A notification a service raises about its own event (the notificator keeps it and delivers it
 * through the matching mappings). Its product is the site or client it concerns: given by id (the
 * notificator names it) or as a name (`product`, the platform itself when none).
 */
export interface RaisedNotification {
  service: string;
  siteId?: number | null;
  clientId?: number | null;
  product?: string;
  brand?: string | null;
  level: 'info' | 'warning' | 'error' | 'critical';
  type: string;
  /** The text in both languages of the admin: each reader reads it in theirs. */
  text: { ru: string; en: string };
  details?: Record<string, unknown>;
}

/** Raises notifications; never waits and never throws: a failure to record one is only logged. */
export interface Notifier {
  raise(notification: RaisedNotification): void;
}

/** What the services' functions need from the app; built once in buildApp (and in the worker). */
export interface ServiceContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  mailer: Mailer;
  tokens: AccessTokenSigner;
  /** Key of the HMAC that stores recovery codes. */
  codeKey: Uint8Array;
  /** Key that derives a refresh token's successor from it (the grace period of refresh-session.ts). */
  refreshKey: Uint8Array;
  /** Stored files (site images, the media library): DATA_DIR/files. */
  files: FileStorage;
  access?: CallerCache;
  /** The gateway's module check and the public intake read them. */
  modules?: SiteModuleStates;
  /** The notificator's: how a service tells staff about its own event (absent: nothing is raised). */
  notifier?: Notifier;
}
