import type { MessageKey, MessageParams } from '@dp/contracts';
import { SafeFetchError } from '../../kit/safe-fetch.ts';
import type { SiteSmtp } from './smtp-transport.ts';

/**
 * Why a mail through a site's SMTP server did not go, as a message in words (the test mail's
 * answer, or a request's mail action kept on the action, in the reader's language): the outbound guard's refusal, a name not in DNS, a refused
 * connection, a timeout, TLS, a refused login, a refused recipient or sender, another SMTP reply
 * by its code. Never nodemailer's text or stack.
 */
export interface SmtpFailure {
  key: MessageKey;
  params: MessageParams;
}

/** nodemailer's error: its kind (`code`), the SMTP reply code and the command it answered. */
interface MailerError {
  code?: string;
  responseCode?: number;
  command?: string;
  message?: string;
}

/** Socket texts of a connection that never opened or was cut (node's error codes inside nodemailer's message). */
const REFUSED = /ECONNREFUSED/;
const TIMED_OUT = /ETIMEDOUT|timeout/i;
const TLS = /TLS|SSL|certificate|wrong version number/i;

type Reason = 'failed' | 'refused' | 'timeout' | 'unreachable' | 'auth' | 'recipient' | 'sender' | 'tls' | 'dns' | 'address';
/** The message of a reason for a test mail (`sender_smtp_test_*`) or a request's mail (`sender_mail_*`). */
const keyOf = (kind: 'test' | 'mail', reason: Reason): MessageKey => (kind === 'test' ? `sender_smtp_test_${reason}` : `sender_mail_${reason}`);

export function smtpFailure(error: unknown, smtp: Pick<SiteSmtp, 'hostname' | 'port'>, mail: { from: string; to: string }, timeoutMs: number, kind: 'test' | 'mail' = 'test'): SmtpFailure {
  const key = (reason: Reason) => keyOf(kind, reason);
  const server = `${smtp.hostname}:${smtp.port}`;
  const timeout: SmtpFailure = { key: key('timeout'), params: { server, seconds: Math.round(timeoutMs / 1000) } };
  const unreachable: SmtpFailure = { key: key('unreachable'), params: { server } };
  if (error instanceof SafeFetchError) {
    if (error.code === 'dns_failed') return { key: key('dns'), params: { host: smtp.hostname } };
    if (error.code === 'timeout') return timeout;
    if (error.code === 'network') return unreachable;
    return { key: key('address'), params: {} };
  }
  const { code, responseCode, command = '', message = '' } = (error ?? {}) as MailerError;
  if (code === 'EAUTH') return { key: key('auth'), params: { server } };
  if (code === 'EENVELOPE' || /^(MAIL|RCPT)/.test(command)) {
    return command.startsWith('MAIL') ? { key: key('sender'), params: { server, from: mail.from } } : { key: key('recipient'), params: { server, to: mail.to } };
  }
  if (code === 'ETIMEDOUT') return timeout;
  if (code === 'ETLS') return { key: key('tls'), params: { server } };
  if (code === 'ESOCKET' || code === 'ECONNECTION') {
    if (REFUSED.test(message)) return { key: key('refused'), params: { server } };
    if (TIMED_OUT.test(message)) return timeout;
    if (TLS.test(message)) return { key: key('tls'), params: { server } };
    return unreachable;
  }
  if (typeof responseCode === 'number') return { key: key('failed'), params: { server, code: responseCode } };
  return unreachable;
}
