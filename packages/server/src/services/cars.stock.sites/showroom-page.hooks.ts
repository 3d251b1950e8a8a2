import { and, eq, isNull, ne } from 'drizzle-orm';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { carComplectations, carRestylings } from '../cars.catalog/catalog.table.ts';
import { pages } from '../sites.context/content.table.ts';
import { showroomPages } from './stock-settings.table.ts';

type Attrs = Record<string, unknown>;

/** The brand, model and generation of a restyling (copied onto the record); a 400 when there is none. */
async function restylingChain(tx: DbOrTx, restylingId: number) {
  const [row] = await tx.select({ brand_id: carRestylings.brand_id, model_id: carRestylings.model_id, generation_id: carRestylings.generation_id }).from(carRestylings).where(eq(carRestylings.id, restylingId)).limit(1);
  if (!row) throw badRequest('invalid_reference', '/data/attributes/restyling_id', { id: String(restylingId) });
  return row;
}

/**
 * What a showroom page must hold: its page is a page of the same site, its equipment one of its
 * restyling's, and no other showroom page of the site has the same restyling and equipment.
 */
async function checkShowroomPage(tx: DbOrTx, next: Attrs, exceptId?: number) {
  const siteId = next.site_id as number;
  const [page] = await tx.select({ site_id: pages.site_id }).from(pages).where(eq(pages.id, next.page_id as number)).limit(1);
  if (!page || page.site_id !== siteId) throw badRequest('stock_settings_page_not_site', '/data/attributes/page_id');
  const complectationId = (next.complectation_id as number | null | undefined) ?? null;
  if (complectationId !== null) {
    const [complectation] = await tx.select({ restyling_id: carComplectations.restyling_id }).from(carComplectations).where(eq(carComplectations.id, complectationId)).limit(1);
    if (!complectation || complectation.restyling_id !== next.restyling_id) throw badRequest('showroom_page_complectation', '/data/attributes/complectation_id');
  }
  const [taken] = await tx
    .select({ id: showroomPages.id })
    .from(showroomPages)
    .where(
      and(
        eq(showroomPages.site_id, siteId),
        eq(showroomPages.restyling_id, next.restyling_id as number),
        complectationId === null ? isNull(showroomPages.complectation_id) : eq(showroomPages.complectation_id, complectationId),
        exceptId ? ne(showroomPages.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError(409, 'showroom_page_exists', undefined, '/data/attributes/restyling_id');
}

export const showroomPageHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const next = { ...attrs, ...(await restylingChain(tx, attrs.restyling_id as number)) };
    await checkShowroomPage(tx, next);
    return next;
  },
  async beforeUpdate(attrs, { tx, existing }) {
    const next: Attrs = { ...attrs };
    if (attrs.restyling_id !== undefined) Object.assign(next, await restylingChain(tx, attrs.restyling_id as number));
    await checkShowroomPage(tx, { ...(existing as Row), ...next }, existing.id);
    return next;
  },
};
