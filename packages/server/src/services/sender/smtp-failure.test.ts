import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { t } from '@dp/contracts';
import { smtpFailure } from './smtp-failure.ts';
import { sendThroughSite, type SiteSmtp } from './smtp-transport.ts';

/**
 * Why a mail through a site's server did not go, from real servers that fail in each way (the
 * ones the test mail's route test does not reach: a server that never greets, one that refuses
 * the sender), told in words with no server text.
 */
const listening = (server: net.Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const mail = { from: 'robot@dealer.test', to: 'boss@dealer.test' };

/** The failure of one mail through `smtp`, as the test mail answers it in `lang`. */
async function failureOf(smtp: SiteSmtp, timeoutMs: number, lang: 'ru' | 'en') {
  const error = await sendThroughSite(smtp, { from: mail.from, to: [mail.to], subject: 'Проверка', text: 'Проверка' }, timeoutMs).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'the mail should fail').not.toBeNull();
  const failure = smtpFailure(error, smtp, mail, timeoutMs);
  return { key: failure.key, text: t(failure.key, lang, failure.params) };
}

let silent: net.Server;
const sockets: net.Socket[] = [];
let picky: SMTPServer;
let silentPort: number;
let pickyPort: number;
beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  // Accepts the connection and never greets.
  silent = net.createServer((socket) => sockets.push(socket));
  silentPort = await listening(silent);
  // Refuses every sender.
  picky = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      callback(Object.assign(new Error('Sender rejected: not our domain'), { responseCode: 553 }));
    },
  });
  pickyPort = await listening(picky.server);
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await new Promise<void>((resolve) => picky.close(() => resolve()));
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe('an SMTP failure in words', () => {
  it('names a server that never answers, with the time it was given', async () => {
    const failure = await failureOf({ hostname: '127.0.0.1', port: silentPort, login: null, password: null }, 1000, 'en');
    expect(failure).toEqual({ key: 'sender_smtp_test_timeout', text: `The test mail was not sent: the server 127.0.0.1:${silentPort} did not answer within 1 s. Check the address and the port` });
  });

  it('names a refused sender address, not the server’s reply', async () => {
    const failure = await failureOf({ hostname: '127.0.0.1', port: pickyPort, login: null, password: null }, 5000, 'ru');
    expect(failure).toEqual({ key: 'sender_smtp_test_sender', text: `Тестовое письмо не отправлено: сервер 127.0.0.1:${pickyPort} не принял адрес отправителя robot@dealer.test` });
  });

  it('names an address the outbound guard refuses', async () => {
    const failure = await failureOf({ hostname: '10.0.0.5', port: 25, login: null, password: null }, 1000, 'en');
    expect(failure.key).toBe('sender_smtp_test_address');
  });
});
