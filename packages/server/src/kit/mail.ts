import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { loadNodemailer } from './lazy-packages.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (the notifier's errors as XLSX); `to` may list several addresses, comma-separated. */
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
  /** Copies, hidden copies, and where replies go (the sender's templates: a template's "from" on the platform's mail). */
  cc?: string[];
  bcc?: string[];
  replyTo?: string;
}

export interface Mailer {
  /** Sends over SMTP, or writes an .eml file to the outbox when no SMTP server is configured. */
  send(message: MailMessage): Promise<{ outboxFile?: string }>;
}

export function createMailer(config: Pick<Config, 'smtp' | 'mailFrom' | 'dataDir'>, log: FastifyBaseLogger): Mailer {
  if (config.smtp) {
    const { host, port, secure, user, pass } = config.smtp;
    // Made at the first mail (nodemailer is loaded then, not at start).
    let transport: ReturnType<typeof smtpTransport> | undefined;
    const smtpTransport = async () => (await loadNodemailer()).createTransport({
      host,
      port,
      secure,
      auth: user ? { user, pass: pass ?? '' } : undefined,
      // Local relays often have self-signed certificates; STARTTLS is still used when offered.
      tls: { rejectUnauthorized: process.env.SMTP_TLS_REJECT_UNAUTHORIZED !== 'false' },
    });
    return {
      async send(message) {
        transport ??= smtpTransport();
        await (await transport).sendMail({ from: config.mailFrom, ...message });
        log.info({ mail: { to: message.to, subject: message.subject } }, 'mail sent');
        return {};
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(message) {
      const transport = (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeAtomically(file, info.message as Buffer);
      log.info({ mail: { to: message.to, subject: message.subject }, file }, 'no SMTP server configured: mail written to the outbox');
      return { outboxFile: file };
    },
  };
}

/**
 * Writes under a temporary name in the same directory, then renames: a reader of the outbox
 * (a person, a test, a pick-up script) never sees a partial .eml. The temporary name is hidden
 * and does not end in .eml.
 */
async function writeAtomically(file: string, content: Buffer) {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  try {
    await fs.writeFile(temp, content);
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
