import path from 'node:path';

/** Everything the environment can set (README, "Configuration"). */
export interface Config {
  port: number;
  host: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For (for rate limits and history). */
  trustProxy: boolean;
  /** PGlite folder, mail outbox and files live here when no server is configured. */
  dataDir: string;
  /** postgres://... runs on PostgreSQL; unset runs on embedded PGlite. */
  databaseUrl: string | null;
  /** In-memory PGlite (tests). */
  memoryDb: boolean;
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  internalEmailDomains: string[];
  demoPassword: string | null;
  loadDemoData: boolean;
  /** Run background jobs in this process (default) or leave them to `npm run worker`. */
  runJobs: boolean;
  smtp: { host: string; port: number; secure: boolean; user: string | null; pass: string | null } | null;
  mailFrom: string;
  /** Public address of the admin, for links in mails. */
  publicUrl: string;
  logLevel: string;
  /** Where logs go (stdout when unset); tests read them. */
  logStream?: NodeJS.WritableStream;
  webDist: string | null;
}

const bool = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT || 3000);
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    trustProxy: bool(env.TRUST_PROXY, false),
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    memoryDb: false,
    jwtSecret: env.JWT_SECRET || null,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL || 900),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL || 30 * 24 * 3600),
    internalEmailDomains: (env.INTERNAL_EMAIL_DOMAINS || 'platform.test')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    demoPassword: env.DEMO_PASSWORD || null,
    loadDemoData: bool(env.DEMO_DATA, true),
    runJobs: bool(env.RUN_JOBS, true),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: Number(env.SMTP_PORT || 587),
          secure: bool(env.SMTP_SECURE, false),
          user: env.SMTP_USER || null,
          pass: env.SMTP_PASS || null,
        }
      : null,
    mailFrom: env.MAIL_FROM || 'Dealer Platform <no-reply@platform.test>',
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.resolve(env.WEB_DIST || 'packages/web/dist'),
  };
  return { ...config, ...overrides };
}

export function isInternalEmail(config: Pick<Config, 'internalEmailDomains'>, email: string): boolean {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return config.internalEmailDomains.includes(domain);
}
