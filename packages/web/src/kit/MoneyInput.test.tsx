import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyColorMarkupResource, type AnyResource } from '@dp/contracts';
import '../app/i18n.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { setLang, signedIn } from '../app/session.ts';
import { ResourceForm } from './ResourceForm.tsx';
import { startApiServer, type RecordedRequest } from '../test/server.ts';
import { makeUser } from '../test/fixtures.ts';

/** Money fields of the forms (a resource form's `money` widget): grouped digits on screen, the plain number saved. */
const resource = bodyColorMarkupResource as unknown as AnyResource;
const MARKUP = { id: '12', type: 'body_color_markups', attributes: { body_color_id: 3, marketing_complectation_id: 4, price: 0, brand_id: 1, created_at: '2026-01-02T10:00:00Z', updated_at: '2026-01-02T10:00:00Z' } };
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer((request: RecordedRequest) => {
    if (request.method === 'PATCH' && request.url === '/gateway/cars.catalog/api/v1/body_color_markups/12') {
      const attributes = (request.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
      return { status: 200, body: { data: { ...MARKUP, attributes: { ...MARKUP.attributes, ...attributes } } } };
    }
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'not found' }] } };
  });
  signedIn({ access_token: 'token', refresh_token: 'refresh', token_type: 'Bearer', expires_in: 900, user: makeUser({ 'cars.catalog': ['body_colors.get_list', 'body_colors.patch'] }) });
});
afterAll(() => {
  setLang('ru');
  return server.close();
});

const patches = () => server.requests.filter((request) => request.method === 'PATCH').map((request) => (request.body as { data: { attributes: { price?: unknown } } }).data.attributes.price);

function renderForm() {
  return render(
    <Providers queryClient={createQueryClient()}>
      <ResourceForm resource={resource} record={MARKUP} />
    </Providers>,
  );
}

describe('MoneyInput', () => {
  it('shows 1 390 000 while a Russian user types 1390000, and saves the plain number', async () => {
    setLang('ru');
    const user = userEvent.setup();
    const view = renderForm();
    const input = (await screen.findByLabelText('Цена')) as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '1390000');
    // Russian groups digits with a no-break space.
    expect(input.value).toBe('1\u00a0390\u00a0000');
    await user.click(screen.getByRole('button', { name: /Сохранить/ }));
    await waitFor(() => expect(patches()).toEqual([1390000]));
    view.unmount();
  });

  it('groups with commas in English, drops separators and cents the user types, and saves whole roubles', async () => {
    setLang('en');
    const user = userEvent.setup();
    const view = renderForm();
    const input = (await screen.findByLabelText('Price')) as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '2450000');
    expect(input.value).toBe('2,450,000');
    // Separators the user types themselves are dropped and the digits regrouped.
    await user.clear(input);
    await user.type(input, '1,390,0001');
    expect(input.value).toBe('13,900,001');
    // Cents typed after the decimal point are dropped, never read as more roubles.
    await user.clear(input);
    await user.type(input, '1390000.50');
    await user.tab();
    expect(input.value).toBe('1,390,000');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(patches()).toEqual([1390000, 1390000]));
    view.unmount();
  });
});
