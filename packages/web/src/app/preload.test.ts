import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { clientResource, type AnyResource } from '@dp/contracts';
import { createQueryClient } from './queryClient.ts';
import { preloadSignedIn } from './preload.ts';
import { clearAuth, signedIn } from './session.ts';
import { listQuery, readListParams } from '../kit/useResourceList.ts';
import { ALL_MODES, makeUser } from '../test/fixtures.ts';
import { NOT_FOUND, startApiServer } from '../test/server.ts';

const admin = makeUser({ ...ALL_MODES, 'clients.storage': ['clients.get_full_list'] });
const page = { data: [{ id: '7', type: 'clients', attributes: { name: 'АвтоГрад Север' } }], meta: { page: { number: 2, size: 50, total: 51 } } };

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer((request) => (request.url.startsWith('/gateway/clients.storage/api/v1/clients?') ? { status: 200, body: page } : NOT_FOUND));
  signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: admin });
});
afterAll(async () => {
  clearAuth();
  await server.close();
});

describe('a signed-in page opened from scratch', () => {
  it("asks for a list screen's page, as the address sets it, into the cache the screen reads", async () => {
    const queryClient = createQueryClient();
    const search = '?page=2&size=50&sort=-name&search=%D0%90%D0%B2%D1%82%D0%BE&unknown=1';
    preloadSignedIn(queryClient, '/clients.storage/clients/', search);

    const resource = clientResource as unknown as AnyResource;
    const { queryKey } = listQuery(resource, readListParams(resource, new URLSearchParams(search)));
    await waitFor(() => expect(queryClient.getQueryData(queryKey)).toEqual(page));
    const lists = server.requests.filter((request) => request.url.startsWith('/gateway/clients.storage/api/v1/clients?'));
    expect(lists).toHaveLength(1);
    const query = new URL(lists[0]!.url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ 'page[number]': '2', 'page[size]': '50', sort: '-name', 'filter[search]': 'Авто' });
    expect(query.has('filter[unknown]')).toBe(false);
  });
});
