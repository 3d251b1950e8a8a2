import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of the Telegram Bot API (a real HTTP server): answers getMe for the tokens it
 * knows (401 for any other, as Telegram does), records every call (sendMessage, sendPhoto,
 * setWebhook, deleteWebhook...) and answers them ok. `waitFor` resolves when a call matching a
 * test arrives, so that tests wait on the event, never on time.
 */
export interface TelegramCall {
  token: string;
  method: string;
  body: Record<string, any>;
}

export interface TelegramStandIn {
  url: string;
  calls: TelegramCall[];
  /** Makes a token known: getMe answers this bot. */
  addBot(token: string, bot: { id: number; username: string }): void;
  /** The calls of one method (of one token), in order. */
  of(method: string, token?: string): TelegramCall[];
  /** Resolves with the first call (already made or to come) that matches. */
  waitFor(match: (call: TelegramCall) => boolean): Promise<TelegramCall>;
  close(): Promise<void>;
}

/** The generic suites' stand-in listens here: an address nothing else in them calls, allowed alone. */
export const TELEGRAM_HOST = '127.0.0.3';

/** `port`: a fixed one (0: any free one); `anyBot`: every token `<number>:<key>` is a bot of that number (the generic suites' samples). */
export async function startTelegramStandIn(host = '127.0.0.1', { anyBot = false, port = 0 } = {}): Promise<TelegramStandIn> {
  const bots = new Map<string, { id: number; username: string }>();
  const calls: TelegramCall[] = [];
  const waiters: { match: (call: TelegramCall) => boolean; resolve: (call: TelegramCall) => void }[] = [];
  let messageId = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const found = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (!found) {
        res.statusCode = 404;
        return res.end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
      }
      const [, token, method] = found as unknown as [string, string, string];
      let body: Record<string, any> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        body = {};
      }
      const number = /^(\d+):/.exec(decodeURIComponent(token))?.[1];
      const bot = bots.get(decodeURIComponent(token)) ?? (anyBot && number ? { id: Number(number), username: `bot${number}` } : undefined);
      if (!bot) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ ok: false, error_code: 401, description: 'Unauthorized' }));
      }
      const call = { token: decodeURIComponent(token), method, body };
      calls.push(call);
      for (const waiter of [...waiters]) {
        if (waiter.match(call)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(call);
        }
      }
      const result = method === 'getMe' ? { id: bot.id, is_bot: true, first_name: bot.username, username: bot.username } : method.startsWith('send') ? { message_id: ++messageId, chat: { id: body.chat_id } } : true;
      res.end(JSON.stringify({ ok: true, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    calls,
    addBot: (token, bot) => void bots.set(token, bot),
    of: (method, token) => calls.filter((call) => call.method === method && (!token || call.token === token)),
    waitFor(match) {
      const done = calls.find(match);
      if (done) return Promise.resolve(done);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
