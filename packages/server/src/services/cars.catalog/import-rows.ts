import { inArray } from 'drizzle-orm';
import type { FileImportReport, FileImportRow } from '@dp/contracts';
import type { DbOrTx, Tx } from '../../kit/db.ts';
import { carBrands } from './catalog.table.ts';

/**
 * What the catalogue's file imports share (catalog-import.ts, marketing-import.ts): the checked
 * rows and the writes they lead to, the brand lookup (a brand-limited API token finds only its
 * brands), and a row's status against the record it names.
 */
export type Attrs = Record<string, unknown>;
export type Write = { row: number; id?: number; attrs: Attrs; before?: Attrs };
/** Records one audit entry of an import's write (the resource's name, the record, the changes). */
export type ImportAudit = (action: string, resource: string, id: number, changes: Attrs) => Promise<void>;
export interface Checked {
  report: FileImportReport;
  writes: Write[];
  /** Markups the delete-all option removes. */
  remove: number[];
  /** Writes that are not one table's rows (options with their prices): done by the apply instead of `writes`. */
  commit?: (tx: Tx, audit: ImportAudit) => Promise<void>;
}

export const split = (cell: string) => cell.split(/[\s,;|]+/).filter(Boolean);
export const key = (...parts: unknown[]) => parts.join('\u0000');

/** Brands by lower-cased name and by id; with `brandIds` (a brand-limited token) only those. */
export async function brandLookup(tx: DbOrTx, brandIds?: number[] | null) {
  const brands = await tx.select({ id: carBrands.id, name: carBrands.name }).from(carBrands).where(brandIds ? inArray(carBrands.id, brandIds) : undefined);
  const byName = new Map(brands.map((b) => [b.name.toLowerCase(), b.id]));
  const ids = new Set(brands.map((b) => b.id));
  return (cell: string) => byName.get(cell.trim().toLowerCase()) ?? (/^\d{1,9}$/.test(cell.trim()) && ids.has(Number(cell)) ? Number(cell) : undefined);
}

/** JSON with sorted keys and without empty parts: jsonb reorders keys, an API write may keep `null` parts. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Attrs)[k] != null)
        .map((k) => [k, stable((value as Attrs)[k])]),
    );
  }
  return value ?? null;
}
export const same = (a: unknown, b: unknown) => JSON.stringify(stable(a)) === JSON.stringify(stable(b));

/** Status of a valid row against the record it names (if any). */
export function decide(report: FileImportRow, existing: Attrs | undefined, attrs: Attrs, writes: Write[]) {
  if (!existing) {
    report.status = 'create';
    writes.push({ row: report.row, attrs });
    return;
  }
  const changed = Object.keys(attrs).some((field) => !same(existing[field], attrs[field]));
  report.status = changed ? 'update' : 'unchanged';
  if (changed) writes.push({ row: report.row, id: existing.id as number, attrs, before: existing });
}

/** A whole number of roubles (spaces allowed, 0 to `max`); null when it is not one. */
export function roubles(cell: string | undefined, max = 1_000_000_000_000): number | null {
  const text = (cell ?? '').replace(/[\s\u00a0]/g, '');
  return /^\d{1,13}$/.test(text) && Number(text) <= max ? Number(text) : null;
}
