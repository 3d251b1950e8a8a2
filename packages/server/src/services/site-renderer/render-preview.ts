import { eq } from 'drizzle-orm';
import type { Lang } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { layoutStates, pages, pageStates } from '../sites.context/content.table.ts';
import { stageStates } from '../content.storage/stage.table.ts';
import { contextFor } from './page-context.ts';
import type { PreviewClaim } from './preview-token.ts';
import { renderSitePage, type RenderedDocument } from './render-page.ts';
import { loadFloors, loadSiteSnapshot, placedFloorIds, type SitePage, type SiteRow, type SiteSnapshot } from './site-snapshot.ts';

/**
 * A draft shown exactly as it would be published, marked as a preview (a banner, noindex, no
 * counters, never cached): a page state as its page; a layout state around the first page that
 * uses the layout (the main page when none does); a stage state on the main page in its stage's
 * place. Read fresh from the database, so the editor sees the draft as it is now.
 */
export async function renderPreview(db: DbOrTx, site: SiteRow, claim: PreviewClaim, options: { base: string; listPage: number }): Promise<RenderedDocument | null> {
  const snap = await loadSiteSnapshot(db, site);
  const lang: Lang = snap.languages[0]!;
  const common = { lang, prefix: '', base: options.base, listPage: options.listPage, preview: true };
  const extraFloors = async (lists: Parameters<typeof placedFloorIds>[0]) => {
    const missing = placedFloorIds(lists).filter((id) => !snap.floors.has(id));
    return missing.length ? new Map([...snap.floors, ...(await loadFloors(db, site.client_id, missing))]) : snap.floors;
  };

  if (claim.kind === 'page_states') {
    const [row] = await db
      .select({ id: pages.id, uri: pages.uri, parent_id: pages.parent_id, position: pages.position, layout_id: pages.layout_id, state: pageStates })
      .from(pageStates)
      .innerJoin(pages, eq(pages.id, pageStates.page_id))
      .where(eq(pageStates.id, claim.stateId))
      .limit(1);
    if (!row || row.state.site_id !== site.id) return null;
    const page: SitePage = row;
    return renderSitePage(contextFor(withPage(snap, page), page, row.state, { ...common, floors: await extraFloors([row.state.floors]) }));
  }

  if (claim.kind === 'layout_states') {
    const [state] = await db.select().from(layoutStates).where(eq(layoutStates.id, claim.stateId)).limit(1);
    if (!state || state.site_id !== site.id) return null;
    const usesLayout = (page: SitePage) => page.layout_id === state.layout_id || ((page.layout_id === null || !snap.layouts.has(page.layout_id)) && snap.defaultLayoutId === state.layout_id);
    const shown = [...snap.pagesById.values()].sort((a, b) => (a.uri === '/' ? -1 : b.uri === '/' ? 1 : a.position - b.position || a.id - b.id));
    const page = shown.find(usesLayout) ?? snap.pagesByUri.get('/') ?? shown[0];
    if (!page) return null;
    return renderSitePage(contextFor(snap, page, page.state, { ...common, layout: state, floors: await extraFloors([state.header_floors, state.footer_floors]) }));
  }

  const [state] = await db.select().from(stageStates).where(eq(stageStates.id, claim.stateId)).limit(1);
  if (!state || state.site_id !== site.id) return null;
  const home = snap.pagesByUri.get('/');
  if (!home) return null;
  const stages = [...snap.stages.filter((stage) => stage.stage_id !== state.stage_id), state].sort((a, b) => a.order - b.order || a.id - b.id);
  return renderSitePage(contextFor(snap, home, home.state, { ...common, stages }));
}

/** The snapshot with `page` in it (a page not published yet is shown in its own preview). */
function withPage(snap: SiteSnapshot, page: SitePage): SiteSnapshot {
  if (snap.pagesById.get(page.id)?.state.id === page.state.id) return snap;
  return { ...snap, pagesById: new Map([...snap.pagesById, [page.id, page]]), pagesByUri: new Map([...snap.pagesByUri, [page.uri, page]]) };
}
