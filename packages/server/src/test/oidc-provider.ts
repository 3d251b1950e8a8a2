import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 and a random port, with one
 * confidential client and a small account store. `authorize` plays the browser: it follows the
 * authorization request through the provider's sign-in and consent pages with plain HTTP
 * (manual redirects, a cookie jar) and returns what the provider sends back to the redirect URI.
 */
export async function startOidcProvider(options: { clientId: string; clientSecret: string; redirectUri: string; accounts: TestAccount[] }) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx, id) {
      const account = options.accounts.find((a) => a.sub === id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: account.email, email_verified: true }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    cookies: { keys: ['a-test-cookie-key-of-some-length'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  });
  server.on('request', provider.callback());

  /** Signs in at the provider as `subject`, grants consent, and returns the redirect's code and state. */
  async function authorize(authorizationUrl: string, subject: string): Promise<{ code: string; state: string; url: URL }> {
    const jar = new Map<string, string>();
    const go = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return response;
    };
    let response = await go(authorizationUrl);
    for (let hop = 0; hop < 12; hop++) {
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status} without a redirect: ${(await response.text()).slice(0, 300)}`);
      const next = new URL(location, issuer);
      if (next.href.startsWith(options.redirectUri)) {
        const error = next.searchParams.get('error');
        if (error) throw new Error(`the provider refused: ${error} ${next.searchParams.get('error_description') ?? ''}`);
        return { code: next.searchParams.get('code')!, state: next.searchParams.get('state')!, url: next };
      }
      if (/\/interaction\/[^/]+$/.test(next.pathname)) {
        const page = await (await go(next.href)).text();
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
        const form = new URLSearchParams(prompt === 'login' ? { prompt, login: subject, password: 'any' } : { prompt: prompt ?? 'consent' });
        response = await go(next.href, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      } else {
        response = await go(next.href);
      }
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
