import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { badRequest } from '../../kit/errors.ts';
import { assertFromFree, chainText, loopChain, pageUriOf, siteRedirectMap } from './redirect-rules.ts';

type Attrs = Record<string, unknown>;

/**
 * One end of a redirect (from or to) after a write: a page of the site (its address goes into the
 * uri) or an address. On an update a given address lets go of the page; a page and an address
 * that differ are refused.
 */
async function resolveEnd(tx: DbOrTx, siteId: number, side: 'from' | 'to', attrs: Attrs, existing?: Row) {
  const pageField = `${side}_page_id`;
  const uriField = `${side}_uri`;
  const givenPage = attrs[pageField] as number | null | undefined;
  const givenUri = attrs[uriField] as string | null | undefined;
  const pageId = givenPage !== undefined ? givenPage : givenUri !== undefined ? null : ((existing?.[pageField] as number | null | undefined) ?? null);
  if (pageId !== null) {
    const uri = await pageUriOf(tx, siteId, pageId, `/data/attributes/${pageField}`);
    if (givenUri != null && givenUri !== uri) throw badRequest('redirect_page_or_uri', `/data/attributes/${uriField}`);
    return { page: pageId, uri };
  }
  const uri = givenUri !== undefined ? givenUri : ((existing?.[uriField] as string | undefined) ?? null);
  if (!uri) throw badRequest(side === 'from' ? 'redirect_from_required' : 'redirect_to_required', `/data/attributes/${uriField}`);
  return { page: null, uri };
}

/** The rules of a redirect on its site: ends resolved, not to itself, one per "from" address, no loop. */
async function checkRedirect(tx: DbOrTx, siteId: number, attrs: Attrs, existing?: Row): Promise<Attrs> {
  const from = await resolveEnd(tx, siteId, 'from', attrs, existing);
  const to = await resolveEnd(tx, siteId, 'to', attrs, existing);
  if (from.uri === to.uri) throw badRequest('redirect_same', '/data/attributes/to_uri');
  await assertFromFree(tx, siteId, from.uri, existing?.id);
  const loop = loopChain(await siteRedirectMap(tx, siteId, existing?.id), from.uri, to.uri);
  if (loop) throw badRequest('redirect_loop', '/data/attributes/to_uri', { chain: chainText(loop) });
  return { ...attrs, from_page_id: from.page, from_uri: from.uri, to_page_id: to.page, to_uri: to.uri };
}

/** Redirects made on the screen or through the API are manual; the import writes its own. */
export const redirectHooks: ResourceHooks = {
  beforeCreate: async (attrs, { tx }) => ({ ...(await checkRedirect(tx, attrs.site_id as number, attrs)), created_type: 'manual' }),
  beforeUpdate: (attrs, { tx, existing }) => checkRedirect(tx, existing.site_id as number, attrs, existing),
};

