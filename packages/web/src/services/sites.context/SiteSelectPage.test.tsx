import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import '../../app/i18n.ts';
import { Providers } from '../../app/Providers.tsx';
import { createQueryClient } from '../../app/queryClient.ts';
import { clearAuth, setLang, signedIn } from '../../app/session.ts';
import { api } from '../../kit/api.ts';
import { ALL_MODES, makeUser } from '../../test/fixtures.ts';
import { startApiServer } from '../../test/server.ts';
import SiteSelectPage, { favoriteSites, groupSitesByClient, type SiteCard } from './SiteSelectPage.tsx';

const site = (id: string, name: string, client_id: number, clientName: string): SiteCard => ({ id, name, client_id, clientName, host: null, type: 3, use_http: false });
const KIA = site('1', 'АвтоГрад Север — Kia', 1, 'АвтоГрад Север');
const TOYOTA = site('3', 'Мотор Сити — Toyota', 2, 'Мотор Сити Казань');
const SKODA = site('4', 'Ладога Авто — Škoda', 3, 'Ладога Авто');

describe('site selection groups', () => {
  it('puts the acting client first, then the others by name; favorites by name', () => {
    expect(groupSitesByClient([TOYOTA, KIA, SKODA], 2).map((g) => g.clientName)).toEqual(['Мотор Сити Казань', 'АвтоГрад Север', 'Ладога Авто']);
    expect(groupSitesByClient([TOYOTA, KIA, SKODA]).map((g) => g.clientName)).toEqual(['АвтоГрад Север', 'Ладога Авто', 'Мотор Сити Казань']);
    expect(favoriteSites([TOYOTA, KIA, SKODA], [3, 1]).map((s) => s.id)).toEqual(['1', '3']);
  });
});

let server: Awaited<ReturnType<typeof startApiServer>>;
let favorites: number[] = [3];
beforeAll(async () => {
  server = await startApiServer((request) => {
    const path = request.url.split('?')[0];
    if (path === '/gateway/sites.context/api/v1/sites') {
      return {
        status: 200,
        body: {
          data: [KIA, TOYOTA].map(({ id, clientName: _c, ...attributes }) => ({ id, type: 'sites', attributes })),
          included: [
            { id: '1', type: 'clients', attributes: { name: 'АвтоГрад Север' } },
            { id: '2', type: 'clients', attributes: { name: 'Мотор Сити Казань' } },
          ],
          meta: { page: { number: 1, size: 500, total: 2 } },
        },
      };
    }
    if (path === '/gateway/clients.storage/api/v1/personalization') {
      if (request.method === 'PATCH') {
        const wanted = (request.body as { data: { attributes: { favorite_sites: number[] } } }).data.attributes.favorite_sites;
        favorites = wanted;
      }
      return { status: 200, body: { data: { id: '1', type: 'personalization', attributes: { favorite_sites: favorites, favorite_clients: [] } } } };
    }
    return { status: 404, body: { errors: [] } };
  });
});
afterAll(() => server.close());
afterEach(() => clearAuth());

describe('favorites on site selection', () => {
  it('shows the favorites first and stars a site with PATCH /personalization', async () => {
    setLang('ru');
    signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: makeUser(ALL_MODES, { internal: false, clients: [{ id: 1, name: 'АвтоГрад Север' }], client: { id: 1, name: 'АвтоГрад Север' } }) });
    render(
      <Providers queryClient={createQueryClient()}>
        <MemoryRouter>
          <SiteSelectPage />
        </MemoryRouter>
      </Providers>,
    );
    const groups = () => [...document.querySelectorAll('.client-sites .ant-card-head-title')].map((el) => el.textContent?.replace(/\d+$/, ''));
    await waitFor(() => expect(groups()).toEqual(['Избранное', 'АвтоГрад Север', 'Мотор Сити Казань']));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Добавить в избранное: АвтоГрад Север — Kia' }));
    await waitFor(() => expect(favorites).toEqual([3, 1]));
    const patch = server.requests.find((r) => r.method === 'PATCH')!;
    expect(patch.body).toEqual({ data: { type: 'personalization', attributes: { favorite_sites: [3, 1] } } });
    // Both favorites now sit in the first group, by name.
    const first = screen.getByText('Избранное').closest('.ant-card') as HTMLElement;
    await waitFor(() => expect([...first.querySelectorAll('.site-tile')].map((b) => b.getAttribute('aria-label'))).toEqual(['АвтоГрад Север — Kia', 'Мотор Сити — Toyota']));
    expect(within(first).getByRole('button', { name: 'Убрать из избранного: АвтоГрад Север — Kia' }).getAttribute('aria-pressed')).toBe('true');
  });
});
