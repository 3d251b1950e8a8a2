import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The decoded plain-text body. */
  text: string;
  /** The whole message as received (multipart mails: their parts and attachments). */
  raw?: string;
}

const decodeQuotedPrintable = (value: string) =>
  Buffer.from(
    value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words of a header (=?UTF-8?Q?...?= or =?UTF-8?B?...?=). */
const decodeHeader = (value: string) =>
  value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

/** Reads a single-part text mail as nodemailer writes it: headers, transfer encoding, body. */
export function parseMail(raw: Buffer | string, to: string[] = []): ReceivedMail {
  const source = raw.toString().replace(/\r\n/g, '\n');
  const split = source.indexOf('\n\n');
  const headerText = source.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = source.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headerText)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  return { to, subject: decodeHeader(header('Subject')), text, raw: source };
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpListener() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks), session.envelope.rcptTo.map((r) => r.address)));
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    /** Waits until `count` mails have arrived, or fails after `ms`. */
    async waitFor(count: number, ms = 15_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of a recovery mail, in either language. */
export function codeOf(mail: ReceivedMail): string {
  const code = /(?:code is|восстановления пароля:)\s*(\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail: ${mail.text}`);
  return code;
}
