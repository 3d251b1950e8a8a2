import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of the Telegram Bot API (a real HTTP server): answers getMe for the tokens it
 * knows (401 for any other, as Telegram does), records every call (sendMessage, sendPhoto,
 * setWebhook, deleteWebhook...) and answers them ok. `waitFor` resolves when a call matching a
 * test arrives, so that tests wait on the event, never on time. getUpdates answers the updates
 * `pushUpdate` queued for the token from its `offset` on, holding the call (up to its `timeout`)
 * until one arrives, as Telegram's long polling does.
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
  /** Queues an update for the token's getUpdates (answered at once to a call waiting for one). */
  pushUpdate(token: string, update: Record<string, any>): void;
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
  const queued = new Map<string, Record<string, any>[]>();
  const polls: { token: string; offset: number; answer: (updates: Record<string, any>[]) => void }[] = [];
  const pending = (token: string, offset: number) => (queued.get(token) ?? []).filter((update) => update.update_id >= offset);
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
      if (method === 'getUpdates') {
        const offset = Number(body.offset ?? 0);
        const poll = { token: call.token, offset, answer: (updates: Record<string, any>[]) => res.end(JSON.stringify({ ok: true, result: updates })) };
        const ready = pending(call.token, offset);
        if (ready.length || !body.timeout) poll.answer(ready);
        else {
          polls.push(poll);
          const timer = setTimeout(() => polls.includes(poll) && (polls.splice(polls.indexOf(poll), 1), poll.answer([])), Number(body.timeout) * 1000);
          res.on('close', () => (clearTimeout(timer), polls.includes(poll) && polls.splice(polls.indexOf(poll), 1)));
        }
      }
      for (const waiter of [...waiters]) {
        if (waiter.match(call)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(call);
        }
      }
      if (method === 'getUpdates') return;
      const result = method === 'getMe' ? { id: bot.id, is_bot: true, first_name: bot.username, username: bot.username } : method.startsWith('send') ? { message_id: ++messageId, chat: { id: body.chat_id } } : true;
      res.end(JSON.stringify({ ok: true, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    calls,
    addBot: (token, bot) => void bots.set(token, bot),
    pushUpdate(token, update) {
      queued.set(token, [...(queued.get(token) ?? []), update]);
      for (const poll of polls.filter((one) => one.token === token)) {
        const ready = pending(token, poll.offset);
        if (!ready.length) continue;
        polls.splice(polls.indexOf(poll), 1);
        poll.answer(ready);
      }
    },
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
