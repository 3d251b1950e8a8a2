import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { importCacheState } from './import.table.ts';
import { loadCatalog, type CatalogIndex } from './match-row.ts';

/**
 * The import's catalogue cache (spec 001 §7 POST /catalog_cache/reset, §9 "cache reset delay").
 * Each process keeps the matching index of the catalogue for CATALOG_CACHE_MS, so a run of many
 * imports does not read the whole catalogue again and again; a catalogue change therefore reaches
 * the import at the latest when the entry expires. A reset bumps `catalog_version` in the
 * database, and every import of every process compares it before matching, so the reset takes
 * effect at the next import, at once (not in the old 7–10 minutes).
 */
export const CATALOG_CACHE_MS = 10 * 60_000;
const STATE_ID = 1;
/** Per database (one in a process; each test file's app has its own, in one worker process). */
const copies = new WeakMap<object, { version: number; loadedAt: number; index: CatalogIndex }>();

async function catalogVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ version: importCacheState.catalog_version }).from(importCacheState).where(eq(importCacheState.id, STATE_ID)).limit(1);
  return row?.version ?? 0;
}

/** The catalogue's matching index: this process's copy while it is fresh and no reset came since. */
export async function cachedCatalog(db: DbOrTx, now = Date.now()): Promise<CatalogIndex> {
  const version = await catalogVersion(db);
  const cached = copies.get(db);
  if (cached && cached.version === version && now - cached.loadedAt < CATALOG_CACHE_MS) return cached.index;
  const index = await loadCatalog(db);
  copies.set(db, { version, loadedAt: now, index });
  return index;
}

/** Drops every process's copy (the next import reads the catalogue again); answers the moment. */
export async function resetCatalogCache(db: DbOrTx): Promise<Date> {
  const at = new Date();
  await db
    .insert(importCacheState)
    .values({ id: STATE_ID, catalog_version: 1, reset_at: at })
    .onConflictDoUpdate({ target: importCacheState.id, set: { catalog_version: sql`${importCacheState.catalog_version} + 1`, reset_at: at } });
  copies.delete(db);
  return at;
}
