import type { ReactNode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../app/i18n.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { setLang, signedIn } from '../app/session.ts';
import { Money } from './Money.tsx';
import { MoneyInput } from './MoneyInput.tsx';
import { startApiServer, type RecordedRequest } from '../test/server.ts';
import { makeUser } from '../test/fixtures.ts';

/**
 * The one way money is shown (spec 000 §1): roubles for a Russian reader; dollars at the rate for an
 * English one, with the rate's day and source in the tooltip; roubles marked RUB when no rate is
 * known; inputs in roubles with the dollars under them in English.
 */
const RATE = { id: '7', type: 'rates', attributes: { currency: 'USD', rate: 92, date: '2026-11-30', source: 'Bank of Russia', source_url: 'https://www.cbr-xml-daily.ru/daily_json.js', fetched_at: '2026-11-30T13:00:00Z' } };
let known = true;
let server: Awaited<ReturnType<typeof startApiServer>>;
const rateCalls = () => server.requests.filter((request) => request.url === '/gateway/currency.rates/api/v1/rates/current').length;

beforeAll(async () => {
  server = await startApiServer((request: RecordedRequest) => {
    if (request.url === '/gateway/currency.rates/api/v1/rates/current' && known) return { status: 200, body: { data: RATE } };
    return { status: 404, body: { errors: [{ status: '404', code: 'rate_unknown', title: 'No exchange rate is known yet' }] } };
  });
});
afterAll(() => {
  setLang('ru');
  return server.close();
});
// The test setup clears the browser's storage after each test, the session with it.
beforeEach(() => {
  signedIn({ access_token: 'token', refresh_token: 'refresh', token_type: 'Bearer', expires_in: 900, user: makeUser({}) });
  known = true;
  server.requests.length = 0;
});

const show = (node: ReactNode) => render(<Providers queryClient={createQueryClient()}>{node}</Providers>);

describe('Money', () => {
  it('shows a Russian reader roubles, and asks for no rate', async () => {
    setLang('ru');
    const view = show(<Money value={1250000} />);
    // Testing Library reads no-break spaces as spaces.
    const amount = await screen.findByText('1 250 000 ₽');
    expect(amount.dataset.hint).toBeUndefined();
    expect(rateCalls()).toBe(0);
    view.unmount();
  });

  it("shows an English reader dollars at the rate, the rate's day and source and the roubles in the tooltip", async () => {
    setLang('en');
    const view = show(<Money value={1250000} />);
    const amount = await screen.findByText('$13,587');
    expect(amount.dataset.hint).toBe('At the rate of 30.11.2026 (Bank of Russia): 1 USD = 92.00 ₽ (1,250,000\u00a0₽)');
    const user = userEvent.setup();
    await user.hover(amount);
    expect((await screen.findByRole('tooltip')).textContent).toContain('At the rate of 30.11.2026 (Bank of Russia)');
    view.unmount();
  });

  it('shows an English reader roubles marked RUB while no rate is known, never a dollar sign', async () => {
    setLang('en');
    known = false;
    const view = show(<Money value={1250000} />);
    await waitFor(() => expect(rateCalls()).toBe(1));
    const amount = await screen.findByText('RUB 1,250,000');
    expect(amount.dataset.hint).toBeUndefined();
    expect(document.body.textContent).not.toContain('$');
    view.unmount();
  });
});

describe('MoneyInput', () => {
  it('takes roubles with the rouble sign in both languages, and tells an English reader the dollars', async () => {
    setLang('en');
    const view = show(<MoneyInput aria-label="Price" value={1250000} />);
    const help = await screen.findByText('≈ $13,587 at the rate of 30.11.2026 (Bank of Russia)');
    expect(screen.getByLabelText('Price').getAttribute('aria-describedby')).toBe(help.id);
    expect(view.container.textContent).toContain('₽');
    view.unmount();
    setLang('ru');
    const ru = show(<MoneyInput aria-label="Цена" value={1250000} />);
    expect(ru.container.textContent).toContain('₽');
    expect(ru.container.querySelector('.money-input-help')).toBeNull();
    ru.unmount();
  });
});
