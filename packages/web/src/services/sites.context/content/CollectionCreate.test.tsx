import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import '../../../app/i18n.ts';
import { Providers } from '../../../app/Providers.tsx';
import { createQueryClient } from '../../../app/queryClient.ts';
import { setLang, signedIn } from '../../../app/session.ts';
import { ALL_MODES, makeUser } from '../../../test/fixtures.ts';
import { NOT_FOUND, startApiServer } from '../../../test/server.ts';
import CollectionsPage from './CollectionsPage.tsx';
import { collectionParent, freeUri, slugFromTitle } from './pages.ts';

/**
 * A new collection item's defaults: under the collection's page, an address made from the title
 * (transliterated, free on the site, no longer following once edited by hand), dated now.
 */
const page = (id: number, uri: string, parent_id: number | null) => ({ id: String(id), type: 'pages', attributes: { site_id: 5, uri, parent_id, caption: uri, position: 0 } });
const PAGES = [page(1, '/', null), page(2, '/news', 1), page(3, '/news/otkrytie-salona', 2), page(4, '/about', 1)];

describe('the address of a new page', () => {
  it('is the title transliterated, in lower case with hyphens, and free on the site', () => {
    expect(slugFromTitle('Открытие салона!')).toBe('otkrytie-salona');
    expect(slugFromTitle('  Kia Rio — 2026 ')).toBe('kia-rio-2026');
    expect(freeUri('/news/otkrytie-salona', PAGES as never)).toBe('/news/otkrytie-salona-2');
    expect(freeUri('/news/novoe', PAGES as never)).toBe('/news/novoe');
  });

  it("goes under the collection's page: the usual parent of its items, else the type's address", () => {
    expect(collectionParent('news', [], PAGES as never)).toBe(2);
    expect(collectionParent('news', [{ attributes: { parent_id: 4 } }, { attributes: { parent_id: 4 } }, { attributes: { parent_id: 2 } }], PAGES as never)).toBe(4);
    expect(collectionParent('specials', [], PAGES as never)).toBeNull();
  });
});

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer((request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/gateway/sites.context/api/v1/sites/5') return { status: 200, body: { data: { id: '5', type: 'sites', attributes: { name: 'Kia', client_id: 1, type: 3, strict_publishing: false } } } };
    if (path === '/gateway/sites.context/api/v1/pages') return { status: 200, body: { data: PAGES, meta: { page: { number: 1, size: 500, total: PAGES.length } } } };
    if (path === '/gateway/sites.context/api/v1/sites/5/collections/news') return { status: 200, body: { data: [], meta: { page: { number: 1, size: 20, total: 0 } } } };
    if (path.endsWith('/dealerships')) return { status: 200, body: { data: [], meta: { page: { number: 1, size: 500, total: 0 } } } };
    return NOT_FOUND;
  });
});
afterAll(() => server.close());

describe('creating a collection item', () => {
  it('starts under the collection page, dated now, with the address following the title until edited', { timeout: 60_000 }, async () => {
    setLang('ru');
    signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: makeUser({ ...ALL_MODES, 'sites.context': ['pages.get_list', 'pages.patch'] }) });
    render(
      <Providers queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/sites.context/sites/5/collections/news']}>
          <Routes>
            <Route path="/sites.context/sites/:siteId/collections/news" element={<CollectionsPage />} />
          </Routes>
        </MemoryRouter>
      </Providers>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Создать/ }));
    const uri = (await screen.findByLabelText('Адрес (URI)')) as HTMLInputElement;
    await waitFor(() => expect(uri.value).toBe('/news/'));
    expect(screen.getByTitle('/news (/news)')).toBeTruthy();
    const date = screen.getAllByLabelText('Дата публикации').find((node) => node.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(date.value).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/));

    const title = screen.getByLabelText('Заголовок');
    await user.type(title, 'Открытие салона');
    // An address another page holds gets the first free number.
    expect(uri.value).toBe('/news/otkrytie-salona-2');
    await user.clear(uri);
    await user.type(uri, '/news/my-own');
    await user.type(title, ' Kia');
    expect(uri.value).toBe('/news/my-own');
  });
});
