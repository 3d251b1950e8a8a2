import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../kit/db.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { layouts, layoutStates, pages, pageStates, templates } from './content.table.ts';
import { sites } from './site.table.ts';

/** Where a floor is placed on a site: a page (one of its states), a layout (a state) or a template. */
export interface FloorPlace {
  kind: 'page' | 'layout' | 'template';
  /** The page, layout or template. */
  id: number;
  /** Its uri (a page) or name. */
  name: string;
  state_id: number | null;
  /** 1 draft, 2 submitted, 3 published (spec 000 §4); null for a template. */
  status: number | null;
}

export interface FloorSite {
  site_id: number;
  name: string;
  host: string | null;
  technical_host: string | null;
  client_id: number;
  places: FloorPlace[];
}

/** `column @> [{"floor_id": id}]`: a jsonb list of placed floors that holds the floor. */
const places = (column: unknown, floorId: number): SQL => sql`${column} @> ${JSON.stringify([{ floor_id: floorId }])}::jsonb`;

/**
 * The sites whose pages or layouts place a floor (spec 000 §7 search_by_floor), in the caller's
 * scope, with where: the working states of pages and layouts (drafts, submitted and the published
 * one; kept versions are history) and templates. A site of another client is never listed.
 */
export async function searchSitesByFloor(db: DbOrTx, scope: AuthContext['scope'], floorId: number): Promise<FloorSite[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  const own = (column: PgColumn) => (scope === 'all' ? undefined : inArray(column, scope));
  // One after another: a floor's deletion asks inside its transaction, one connection, which
  // must not be given a query while it runs another (pg warns, and pg 9 refuses).
  const pageRows = await db
    .select({ site_id: pageStates.site_id, id: pages.id, name: pages.uri, state_id: pageStates.id, status: pageStates.status })
    .from(pageStates)
    .innerJoin(pages, eq(pages.id, pageStates.page_id))
    .where(and(own(pageStates.client_id), isNull(pageStates.superseded_at), places(pageStates.floors, floorId)));
  const layoutRows = await db
    .select({ site_id: layoutStates.site_id, id: layouts.id, name: layouts.name, state_id: layoutStates.id, status: layoutStates.status })
    .from(layoutStates)
    .innerJoin(layouts, eq(layouts.id, layoutStates.layout_id))
    .where(and(own(layoutStates.client_id), isNull(layoutStates.superseded_at), or(places(layoutStates.header_floors, floorId), places(layoutStates.footer_floors, floorId))));
  const templateRows = await db
    .select({ site_id: templates.site_id, id: templates.id, name: templates.name })
    .from(templates)
    .where(and(own(templates.client_id), places(templates.floors, floorId)));
  const found: (FloorPlace & { site_id: number })[] = [
    ...pageRows.map((row) => ({ ...row, kind: 'page' as const })),
    ...layoutRows.map((row) => ({ ...row, kind: 'layout' as const })),
    ...templateRows.map((row) => ({ ...row, kind: 'template' as const, state_id: null, status: null })),
  ];
  const siteIds = [...new Set(found.map((place) => place.site_id))];
  if (!siteIds.length) return [];
  const siteRows = await db
    .select({ id: sites.id, name: sites.name, host: sites.host, technical_host: sites.technical_host, client_id: sites.client_id })
    .from(sites)
    .where(inArray(sites.id, siteIds))
    .orderBy(asc(sites.name), asc(sites.id));
  return siteRows.map((site) => ({
    site_id: site.id,
    name: site.name,
    host: site.host,
    technical_host: site.technical_host,
    client_id: site.client_id,
    places: found
      .filter((place) => place.site_id === site.id)
      .map(({ site_id: _site, ...place }) => place)
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name) || (a.state_id ?? 0) - (b.state_id ?? 0)),
  }));
}

/** How many sites (of any client) place the floor: a floor in use is not deleted. */
export async function countSitesPlacingFloor(db: DbOrTx, floorId: number): Promise<number> {
  return (await searchSitesByFloor(db, 'all', floorId)).length;
}
