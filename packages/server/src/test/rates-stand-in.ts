import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of the Bank of Russia's daily JSON (a real HTTP server): GET /daily_json.js
 * answers `body`, or, as a test sets it, fails (500), never answers (a timeout), redirects to
 * itself (`redirect`), to an address the outgoing-call guard refuses (`redirect_away`) or in a
 * circle (`redirect_loop`), answers text that is not JSON (`malformed`) or an endless body (`huge`).
 * Every request is counted.
 */
export type RatesMode = 'answer' | 'fail' | 'hang' | 'redirect' | 'redirect_away' | 'redirect_loop' | 'malformed' | 'huge';

export interface RatesStandIn {
  /** The daily JSON's address. */
  url: string;
  mode: RatesMode;
  body: unknown;
  requests: number;
  close(): Promise<void>;
}

/** A daily JSON as the source writes it: USD among other currencies. */
export const dailyJson = (date: string, usd: { Nominal: number; Value: number }) => ({
  Date: `${date}T11:30:00+03:00`,
  PreviousDate: '2026-11-27T11:30:00+03:00',
  Timestamp: '2026-11-28T20:00:00+03:00',
  Valute: {
    EUR: { ID: 'R01239', NumCode: '978', CharCode: 'EUR', Nominal: 1, Name: 'Евро', Value: 100.5, Previous: 100.1 },
    USD: { ID: 'R01235', NumCode: '840', CharCode: 'USD', Name: 'Доллар США', Previous: 91.9, ...usd },
  },
});

export async function startRatesStandIn(): Promise<RatesStandIn> {
  const open = new Set<http.ServerResponse>();
  const standIn: RatesStandIn = {
    url: '',
    mode: 'answer',
    body: dailyJson('2026-11-28', { Nominal: 1, Value: 92.1 }),
    requests: 0,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    standIn.requests++;
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const mode = path === '/moved/daily_json.js' ? 'answer' : standIn.mode;
    switch (mode) {
      case 'hang':
        open.add(res);
        return;
      case 'fail':
        return void res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
      case 'redirect':
        return void res.writeHead(302, { location: '/moved/daily_json.js' }).end();
      case 'redirect_away':
        return void res.writeHead(302, { location: 'http://10.0.0.1/daily_json.js' }).end();
      case 'redirect_loop':
        return void res.writeHead(302, { location: '/daily_json.js' }).end();
      case 'malformed':
        return void res.writeHead(200, { 'content-type': 'application/javascript' }).end('<html>not json');
      case 'huge': {
        // A body that never ends: the reader must stop it by its size bound.
        open.add(res);
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
        return;
      }
      default:
        if (path !== '/daily_json.js' && path !== '/moved/daily_json.js') return void res.writeHead(404).end();
        res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' }).end(JSON.stringify(standIn.body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/daily_json.js`;
  return standIn;
}
