import { isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { checkUrl } from '../../kit/safe-fetch.ts';
import { openFor } from './sender.hooks.ts';
import { smtpSettings } from './sender.table.ts';
import { loadNodemailer } from '../../kit/lazy-packages.ts';

/**
 * A site's own mail server (docs/decisions/sender.md, "Which mail server sends a template?"). Its
 * host is a user-given address like a proxy action's URL: it is resolved and refused when any
 * address is loopback, private, link-local or otherwise not public (kit/safe-fetch.ts's check,
 * OUTBOUND_ALLOW_HOSTS excepted), and the connection goes to the checked address (no second
 * lookup); TLS still names the host.
 */
export interface SiteSmtp {
  hostname: string;
  port: number;
  login: string | null;
  password: string | null;
}

/** The checked address of an SMTP host; a SafeFetchError (address_refused, dns_failed...) otherwise. */
export async function checkSmtpHost(hostname: string, port: number): Promise<string> {
  const host = isIP(hostname) === 6 ? `[${hostname}]` : hostname;
  const { address } = await checkUrl(`http://${host}:${port}/`);
  return address;
}

/** The site's SMTP settings with the password opened; null when the site has none. */
export async function loadSiteSmtp(db: DbOrTx, siteId: number): Promise<SiteSmtp | null> {
  const [row] = await db.select().from(smtpSettings).where(eq(smtpSettings.site_id, siteId)).limit(1);
  if (!row) return null;
  return { hostname: row.hostname, port: row.port, login: row.login, password: await openFor(db, 'smtp_settings', siteId, row.password_encrypted) };
}

export interface SiteMail {
  from: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text: string;
  html?: string;
}

/** How long a site's server may take to connect, greet and answer each command. */
export const SMTP_TIMEOUT_MS = 15_000;

/** Sends one mail through a site's server: port 465 is TLS from the start, others upgrade with STARTTLS when offered. */
export async function sendThroughSite(smtp: SiteSmtp, mail: SiteMail, timeoutMs = SMTP_TIMEOUT_MS): Promise<void> {
  const address = await checkSmtpHost(smtp.hostname, smtp.port);
  const nodemailer = await loadNodemailer();
  const transport = nodemailer.createTransport({
    host: address,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.login ? { user: smtp.login, pass: smtp.password ?? '' } : undefined,
    tls: isIP(smtp.hostname) ? {} : { servername: smtp.hostname },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

