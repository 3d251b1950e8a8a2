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
  /** In-memory PGlite starts from this dump of a migrated database (dumpPgliteTemplate) instead of an empty one. */
  memoryDbTemplate?: string | null;
  /**
   * The niceness of the embedded database's thread (Linux; 0 leaves it): below the main thread's,
   * so that on a busy machine reading requests and answering them, a load balancer's `/healthz`
   * among them, is not held up by the database's own work.
   */
  databaseThreadNice?: number;
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** A used refresh token presented again within this many seconds returns the same new pair (concurrent tabs). */
  refreshReuseGraceSeconds: number;
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
  /** OpenID Connect providers for external sign-in (OIDC_PROVIDERS); empty: no external sign-in. */
  oidcProviders: OidcProviderConfig[];
  // sites.context
  /** Technical hosts of sites are `<subdomain>.<technicalDomain>` (TECHNICAL_DOMAIN). */
  technicalDomain: string;
  /** DNS servers of the sites' DNS check (DNS_SERVERS, `ip` or `ip:port`); empty: the system's. */
  dnsServers: string[];
  // sites.controller
  /** The driver that runs approved site tasks (PROVISIONING_DRIVER): `local` provisions on this server. */
  provisioningDriver: string;
  // media.storage
  /** Where stored files live (STORAGE_DRIVER): `local` under DATA_DIR/files, `s3` in an S3-compatible bucket. */
  storage: StorageConfig;
  /** Limits of the media library (MEDIA_IMAGE_MAX_MB, MEDIA_VIDEO_MAX_MB, MEDIA_MAX_MEGAPIXELS). */
  media: { imageMaxBytes: number; videoMaxBytes: number; maxMegapixels: number };
  // site-renderer
  /** Host names of the admin besides PUBLIC_URL's, localhost and IP addresses (ADMIN_HOSTS); any other host gets a public site or the neutral page. */
  adminHosts: string[];
  // form-constructor
  /** Where the smart captcha's answers are checked (SMART_CAPTCHA_URL; Yandex SmartCaptcha's validate address by default). */
  smartCaptchaUrl: string;
  /** The smart captcha's widget script that sites' forms load (SMART_CAPTCHA_SCRIPT_URL; Yandex SmartCaptcha's captcha.js by default); its origin enters the pages' CSP. */
  smartCaptchaScriptUrl: string;
  // error-collection-system
  /** Events older than this many days are deleted (ERROR_RETENTION_DAYS); events kept per project at most (ERROR_EVENTS_PER_PROJECT). */
  errors: { retentionDays: number; eventsPerProject: number };
  // queues
  /** A queue is backing up when its oldest due job has waited more minutes than this (QUEUE_BACKLOG_MINUTES) or more jobs than this wait (QUEUE_BACKLOG_WAITING). */
  queueBacklog: { ageMinutes: number; waiting: number };
  // notificator
  /** The Telegram Bot API that notification mappings send through (TELEGRAM_API_URL; https://api.telegram.org by default). */
  telegramApiUrl: string;
  /** The bot that sends notifications to Telegram chats (TELEGRAM_BOT_TOKEN); none: Telegram deliveries fail with a clear error. */
  telegramBotToken: string | null;
  // messenger_showroom
  /**
   * The public address Telegram calls the showroom bots' webhooks at (TELEGRAM_WEBHOOK_URL, e.g.
   * https://admin.example.com); none: no webhook is set (the bots are reached by long polling).
   */
  telegramWebhookUrl: string | null;
  /** Without a webhook address, how long each getUpdates call of a bot's long polling waits for updates, in seconds (TELEGRAM_POLL_TIMEOUT, 25 by default, 0–50). */
  telegramPollTimeout: number;
  // request.storage
  /**
   * Where the sites' and embedded forms' scripts read the call-tracking session id a request's
   * analytics carry: a cookie (CALLTRACKING_SESSION_COOKIE, `_ct_session_id` by default) or a
   * global of the page (CALLTRACKING_SESSION_GLOBAL, none by default); empty when neither is set.
   */
  calltracking: { cookie: string; global: string };
  // smart_contracts and calltracking: the site widgets
  /** The smart contract widget's script the sites' car pages and lists load (SMART_CONTRACTS_SCRIPT_URL); its origin enters the pages' CSP. */
  smartContractsScriptUrl: string;
  /** Calltouch's widget script (CALLTOUCH_SCRIPT_URL, `?id=<module id>` added) and its API (CALLTOUCH_API_URL) the calls are pulled from. */
  calltouchScriptUrl: string;
  calltouchApiUrl: string;
  /** How long a call of Calltouch's API may take (CALLTOUCH_API_TIMEOUT_MS, 15 s by default). */
  calltouchApiTimeoutMs: number;
  /** CallKeeper's widget script (CALLKEEPER_SCRIPT_URL, `?id=<widget id>` added). */
  callkeeperScriptUrl: string;
  /** The cookies the services keep their session id in (CALLTOUCH_SESSION_COOKIE, CALLKEEPER_SESSION_COOKIE): a request's analytics carry it. */
  calltrackingCookies: { calltouch: string; callkeeper: string };
  // currency.rates
  /**
   * The daily rates the USD rate is read from (EXCHANGE_RATE_URL, the Bank of Russia's daily JSON by
   * default); null (`off`) reads none, and the admin converts at the rates the database holds.
   */
  exchangeRateUrl: string | null;
  /** How long reading the rates may take (EXCHANGE_RATE_TIMEOUT_MS, 10 s by default). */
  exchangeRateTimeoutMs: number;
}

/** The storage driver and, for `s3`, the bucket (S3_* variables, README "Configuration"). */
export interface StorageConfig {
  driver: 'local' | 's3';
  s3: { endpoint: string | null; region: string; bucket: string; accessKeyId: string | null; secretAccessKey: string | null; forcePathStyle: boolean; prefix: string } | null;
}

/** STORAGE_DRIVER and S3_*: an unknown driver or an s3 driver without a bucket stops the start. */
export function parseStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const driver = (env.STORAGE_DRIVER || 'local').trim();
  if (driver !== 'local' && driver !== 's3') throw new Error(`STORAGE_DRIVER must be local or s3, not "${driver}"`);
  if (driver === 'local') return { driver, s3: null };
  if (!env.S3_BUCKET?.trim()) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
  return {
    driver,
    s3: {
      endpoint: env.S3_ENDPOINT?.trim() || null,
      region: env.S3_REGION?.trim() || 'us-east-1',
      bucket: env.S3_BUCKET.trim(),
      accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || null,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || null,
      forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, true),
      prefix: (env.S3_PREFIX ?? '').trim().replace(/^\/+/, ''),
    },
  };
}

/** One OpenID Connect provider of OIDC_PROVIDERS. */
export interface OidcProviderConfig {
  /** Key of the provider in the API and in the bindings: Latin letters, digits, - and _. */
  name: string;
  /** What the buttons say ("Войти через <title>"). */
  title: string;
  /** The issuer; its /.well-known/openid-configuration is read on first use. */
  issuer: string;
  client_id: string;
  client_secret: string;
  /** Where the provider sends the browser back; default `${PUBLIC_URL}/auth.processing/oidc/callback`. */
  redirect_uri: string;
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
    databaseThreadNice: Math.min(Math.max(Math.round(Number(env.DATABASE_THREAD_NICE || 5)) || 0, 0), 19),
    jwtSecret: env.JWT_SECRET || null,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL || 900),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL || 30 * 24 * 3600),
    refreshReuseGraceSeconds: Number(env.REFRESH_REUSE_GRACE_SECONDS || 10),
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
    oidcProviders: [],
    technicalDomain: (env.TECHNICAL_DOMAIN || 'localhost').trim().toLowerCase().replace(/^\.+|\.+$/g, ''),
    dnsServers: (env.DNS_SERVERS || '')
      .split(',')
      .map((server) => server.trim())
      .filter(Boolean),
    provisioningDriver: (env.PROVISIONING_DRIVER || 'local').trim(),
    // media.storage
    storage: parseStorageConfig(env),
    media: {
      imageMaxBytes: Number(env.MEDIA_IMAGE_MAX_MB || 20) * 1024 * 1024,
      videoMaxBytes: Number(env.MEDIA_VIDEO_MAX_MB || 100) * 1024 * 1024,
      maxMegapixels: Number(env.MEDIA_MAX_MEGAPIXELS || 40),
    },
    // site-renderer
    adminHosts: (env.ADMIN_HOSTS || '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
    // form-constructor
    smartCaptchaUrl: (env.SMART_CAPTCHA_URL || 'https://smartcaptcha.yandexcloud.net/validate').trim(),
    smartCaptchaScriptUrl: (env.SMART_CAPTCHA_SCRIPT_URL || 'https://smartcaptcha.yandexcloud.net/captcha.js').trim(),
    // error-collection-system
    errors: {
      retentionDays: Math.max(1, Number(env.ERROR_RETENTION_DAYS || 30) || 30),
      eventsPerProject: Math.max(100, Number(env.ERROR_EVENTS_PER_PROJECT || 10000) || 10000),
    },
    // queues
    queueBacklog: {
      ageMinutes: Math.max(1, Number(env.QUEUE_BACKLOG_MINUTES || 15) || 15),
      waiting: Math.max(1, Number(env.QUEUE_BACKLOG_WAITING || 1000) || 1000),
    },
    // notificator
    telegramApiUrl: (env.TELEGRAM_API_URL || 'https://api.telegram.org').trim().replace(/\/+$/, ''),
    telegramBotToken: env.TELEGRAM_BOT_TOKEN?.trim() || null,
    telegramWebhookUrl: env.TELEGRAM_WEBHOOK_URL?.trim().replace(/\/+$/, '') || null,
    telegramPollTimeout: Math.min(50, Math.max(0, Math.floor(Number(env.TELEGRAM_POLL_TIMEOUT ?? 25)) || 0)),
    // request.storage: names only (Latin letters, digits, _ . - $), anything else is left out.
    calltracking: {
      cookie: /^[\w.$-]{1,100}$/.test((env.CALLTRACKING_SESSION_COOKIE ?? '_ct_session_id').trim()) ? (env.CALLTRACKING_SESSION_COOKIE ?? '_ct_session_id').trim() : '',
      global: /^[A-Za-z_$][\w$]{0,99}$/.test((env.CALLTRACKING_SESSION_GLOBAL ?? '').trim()) ? (env.CALLTRACKING_SESSION_GLOBAL ?? '').trim() : '',
    },
    // smart_contracts and calltracking
    smartContractsScriptUrl: (env.SMART_CONTRACTS_SCRIPT_URL || 'https://widget.smartcontract.ru/loader.js').trim(),
    calltouchScriptUrl: (env.CALLTOUCH_SCRIPT_URL || 'https://mod.calltouch.ru/init.js').trim(),
    calltouchApiUrl: (env.CALLTOUCH_API_URL || 'https://api.calltouch.ru').trim().replace(/\/+$/, ''),
    calltouchApiTimeoutMs: Math.max(100, Number(env.CALLTOUCH_API_TIMEOUT_MS || 15_000) || 15_000),
    callkeeperScriptUrl: (env.CALLKEEPER_SCRIPT_URL || 'https://widget.callkeeper.ru/widget.js').trim(),
    calltrackingCookies: {
      calltouch: /^[\w.$-]{1,100}$/.test((env.CALLTOUCH_SESSION_COOKIE ?? '').trim()) ? env.CALLTOUCH_SESSION_COOKIE!.trim() : '_ct_session_id',
      callkeeper: /^[\w.$-]{1,100}$/.test((env.CALLKEEPER_SESSION_COOKIE ?? '').trim()) ? env.CALLKEEPER_SESSION_COOKIE!.trim() : 'ck_session_id',
    },
    // currency.rates
    exchangeRateUrl: env.EXCHANGE_RATE_URL?.trim() === 'off' ? null : (env.EXCHANGE_RATE_URL || 'https://www.cbr-xml-daily.ru/daily_json.js').trim(),
    exchangeRateTimeoutMs: Math.max(100, Number(env.EXCHANGE_RATE_TIMEOUT_MS || 10_000) || 10_000),
  };
  config.oidcProviders = parseOidcProviders(env.OIDC_PROVIDERS, config.publicUrl);
  return { ...config, ...overrides };
}

/**
 * OIDC_PROVIDERS: a JSON array of {name, title, issuer, client_id, client_secret, redirect_uri?}.
 * A mistake stops the start with a message naming it, rather than a sign-in button that fails.
 */
export function parseOidcProviders(value: string | undefined, publicUrl: string): OidcProviderConfig[] {
  if (!value || !value.trim()) return [];
  let list: unknown;
  try {
    list = JSON.parse(value);
  } catch {
    throw new Error('OIDC_PROVIDERS must be a JSON array of {name, title, issuer, client_id, client_secret, redirect_uri?}');
  }
  if (!Array.isArray(list)) throw new Error('OIDC_PROVIDERS must be a JSON array');
  const names = new Set<string>();
  return list.map((entry, index) => {
    const item = (entry ?? {}) as Record<string, unknown>;
    const text = (key: string, required = true) => {
      const v = item[key];
      if (v === undefined && !required) return undefined;
      if (typeof v !== 'string' || !v.trim()) throw new Error(`OIDC_PROVIDERS[${index}].${key} must be a non-empty string`);
      return v.trim();
    };
    const name = text('name')!;
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(name)) throw new Error(`OIDC_PROVIDERS[${index}].name may hold only Latin letters, digits, - and _`);
    if (names.has(name)) throw new Error(`OIDC_PROVIDERS: the name "${name}" is used twice`);
    names.add(name);
    const issuer = text('issuer')!;
    const redirect = text('redirect_uri', false) ?? `${publicUrl.replace(/\/+$/, '')}/auth.processing/oidc/callback`;
    for (const [key, url] of [['issuer', issuer], ['redirect_uri', redirect]] as const) {
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new Error(`OIDC_PROVIDERS[${index}].${key} must be an http(s) URL`);
    }
    const issuerUrl = new URL(issuer);
    if (issuerUrl.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(issuerUrl.hostname))
      throw new Error(`OIDC_PROVIDERS[${index}].issuer must use https (plain http only on this machine)`);
    return { name, title: text('title')!, issuer, client_id: text('client_id')!, client_secret: text('client_secret')!, redirect_uri: redirect };
  });
}

export function isInternalEmail(config: Pick<Config, 'internalEmailDomains'>, email: string): boolean {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return config.internalEmailDomains.includes(domain);
}

/**
 * Provider staff: the explicit `internal` flag, which only internal root holders set, on an
 * internal e-mail domain. The domain alone grants nothing (a dealer can type any address).
 */
export function isInternalUser(config: Pick<Config, 'internalEmailDomains'>, user: { email: string; internal: boolean }): boolean {
  return user.internal && isInternalEmail(config, user.email);
}
