import { sql } from 'drizzle-orm';
import { carAddress, STATE_STATUS, stockSettingsDefaults, type CarPage, type StockKindSettings } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { soldCutoff } from '../cars.stock.sites/apply-sold-period.ts';
import { encodePath, PUBLISHED } from './serve-site.ts';
import { STOCK_MODULES, type StockKind } from './site-stock.ts';

/**
 * The public addresses of cars (docs/decisions/stock.md, "What are a car's cached_data and
 * pages?"): where the renderer shows each car, worked out by its own rules without rendering. A
 * car offered (active or reserved) is at its page below its kind's list page and on that list; a
 * sold car only at its page, while the sold period keeps it; an inactive car nowhere. A site shows
 * a kind while it is published, the kind's stock module is installed and active and its root page
 * is published. Addresses are absolute with the site's host, else paths.
 */

/** What a car's addresses are made of: its site, kind, state and the catalogue's own names of its friendly address. */
export interface CarAddressSubject {
  id: number;
  site_id: number;
  is_new: boolean;
  status: string;
  sold_at: Date | string | null;
  year: number | null;
  brand_slug: string | null;
  model_slug: string | null;
}

/** A kind a site lists: its settings, its list page, and the list's query (`?type=used` where both kinds share the page). */
interface ListedKind {
  settings: StockKindSettings;
  rootUri: string;
  listQuery: string;
}

/** A site as far as its cars' addresses go: its origin (null without a host) and the kinds it lists. */
interface SiteAddresses {
  origin: string | null;
  kinds: Map<StockKind, ListedKind>;
}

interface SiteRow {
  id: number;
  host: string | null;
  use_http: boolean;
  status: number;
  new_settings: StockKindSettings | null;
  used_settings: StockKindSettings | null;
  modules: string | null;
  roots: string | null;
}

const parsed = <T>(value: string | T | null, fallback: T): T => (value === null ? fallback : typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The sites of the cars in one statement: host, status, stock settings, the active stock modules
 * and the published root pages of both kinds.
 */
async function siteAddresses(db: DbOrTx, siteIds: number[]): Promise<Map<number, SiteAddresses>> {
  const codes = Object.values(STOCK_MODULES);
  const result = await db.execute(sql`
    select s.id, s.host, s.use_http, s.status, ss.new_settings, ss.used_settings,
      (select json_agg(m.code)::text from module_installations mi join modules m on m.id = mi.module_id
        where mi.site_id = s.id and mi.active and m.code in (${sql.join(codes.map((code) => sql`${code}`), sql`, `)})) as modules,
      (select json_agg(json_build_array(p.id, p.uri))::text from pages p
        where p.site_id = s.id and p.id in ((ss.new_settings->>'root_page_id')::int, (ss.used_settings->>'root_page_id')::int)
          and exists (select 1 from page_states ps where ps.page_id = p.id and ps.status = ${STATE_STATUS.published} and ps.superseded_at is null)) as roots
    from sites s left join stock_site_settings ss on ss.site_id = s.id
    where s.id in (${sql.join(siteIds.map((id) => sql`${id}`), sql`, `)})`);
  const found = new Map<number, SiteAddresses>();
  for (const row of (result as unknown as { rows: SiteRow[] }).rows) {
    const kinds = new Map<StockKind, ListedKind>();
    const defaults = stockSettingsDefaults();
    if (Number(row.status) === PUBLISHED) {
      const active = new Set(parsed<string[]>(row.modules, []));
      const roots = new Map(parsed<[number, string][]>(row.roots, []));
      const settingsOf = { new: parsed(row.new_settings, defaults.new_settings), used: parsed(row.used_settings, defaults.used_settings) };
      const listed = (['new', 'used'] as const).filter((kind) => active.has(STOCK_MODULES[kind]) && roots.has(settingsOf[kind].root_page_id ?? 0));
      for (const kind of listed) {
        const settings = settingsOf[kind];
        const rootUri = roots.get(settings.root_page_id!)!;
        // Both kinds on one page: the new cars are its list, the used ones its `?type=used` (parseListQuery).
        const shared = kind === 'used' && listed.includes('new') && settingsOf.new.root_page_id === settings.root_page_id;
        kinds.set(kind, { settings, rootUri, listQuery: shared ? '?type=used' : '' });
      }
    }
    found.set(Number(row.id), { origin: row.host ? `${row.use_http ? 'http' : 'https'}://${row.host}` : null, kinds });
  }
  return found;
}

/** Whether a car is on its site: offered, or sold and still kept by the sold period of its kind. */
function shown(car: CarAddressSubject, settings: StockKindSettings, now: Date): boolean {
  if (car.status === 'active' || car.status === 'reserved') return true;
  if (car.status !== 'sold') return false;
  const cutoff = soldCutoff(settings.sold_period, now);
  return !cutoff || car.sold_at === null || new Date(car.sold_at) > cutoff;
}

/** The public addresses of each car (by id): its page, then the list it appears in; none when the site does not show it. */
export async function carPublicPages(db: DbOrTx, cars: CarAddressSubject[], now = new Date()): Promise<Map<number, CarPage[]>> {
  const pagesOf = new Map<number, CarPage[]>(cars.map((car) => [car.id, []]));
  const siteIds = [...new Set(cars.map((car) => car.site_id))];
  if (!siteIds.length) return pagesOf;
  const sitesById = await siteAddresses(db, siteIds);
  for (const car of cars) {
    const site = sitesById.get(car.site_id);
    const kind = site?.kinds.get(car.is_new ? 'new' : 'used');
    if (!site || !kind || !shown(car, kind.settings, now)) continue;
    const url = (path: string) => `${site.origin ?? ''}${encodePath(path)}`;
    const page = carAddress(kind.rootUri, car, { brand: car.brand_slug, model: car.model_slug }, kind.settings.friendly_url);
    const found: CarPage[] = [{ type: 'car', url: url(page) }];
    // A sold car is no longer listed (the lists show cars on offer).
    if (car.status !== 'sold') found.push({ type: 'list', url: `${url(kind.rootUri)}${kind.listQuery}` });
    pagesOf.set(car.id, found);
  }
  return pagesOf;
}
