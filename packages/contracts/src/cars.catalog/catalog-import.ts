import type { FileImportColumn } from '../kit/file-import.ts';

/**
 * The catalogue's file imports of spec 001 §7 owned here: POST /import/body_colors,
 * /import/price_body_colors (with delete_all), /import/upholsteries; `/preview` first. The first
 * row of the file names the columns (any order, case ignored); a list of colours in one cell is
 * separated by spaces, commas, "|" or ";". See docs/decisions.md "Catalogue imports".
 */
export const CATALOG_IMPORT_LIMITS = { maxBytes: 2 * 1024 * 1024, maxRows: 5000 } as const;

export const CATALOG_IMPORT_COLUMNS = {
  body_colors: [
    { name: 'brand', required: true, example: 'Hyundai' },
    { name: 'code', required: true, example: 'PGU' },
    { name: 'name', required: true, example: 'White Crystal' },
    { name: 'name_ru', required: false, example: 'Белый кристалл' },
    { name: 'name_en', required: false, example: 'White Crystal' },
    { name: 'hex', required: true, example: '#F5F5F5 #1A1A1A' },
    { name: 'color', required: false, example: 'Белый' },
  ],
  price_body_colors: [
    { name: 'brand', required: true, example: 'Hyundai' },
    { name: 'body_color_code', required: true, example: 'PGU' },
    { name: 'marketing_complectation_code', required: true, example: 'SOL-16-AT-ELG' },
    { name: 'price', required: true, example: '25000' },
  ],
  upholsteries: [
    { name: 'brand', required: true, example: 'Hyundai' },
    { name: 'code', required: true, example: 'NNB' },
    { name: 'name', required: true, example: 'Black leather' },
    { name: 'name_ru', required: false, example: 'Чёрная кожа' },
    { name: 'name_en', required: false, example: 'Black leather' },
    { name: 'material', required: true, example: 'leather' },
    { name: 'colors', required: true, example: '#000000' },
  ],
} as const satisfies Record<string, FileImportColumn[]>;

export type CatalogImportKind = keyof typeof CATALOG_IMPORT_COLUMNS;
export const CATALOG_IMPORT_KINDS = Object.keys(CATALOG_IMPORT_COLUMNS) as CatalogImportKind[];

/** The template of an import: the column names and one example row (CSV, `;`, UTF-8 with BOM). */
export function catalogImportTemplate(kind: CatalogImportKind): string {
  const columns = CATALOG_IMPORT_COLUMNS[kind] as readonly FileImportColumn[];
  const line = (cells: string[]) => cells.map((cell) => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(';');
  return `\uFEFF${line(columns.map((c) => c.name))}\r\n${line(columns.map((c) => c.example))}\r\n`;
}

/** A model event of the catalogue's history (spec 001 §4: creation, update, deletion; restoring). */
export interface ModelEvent {
  action: 'create' | 'update' | 'delete' | 'restore';
  model_id: number;
  /** The model's name at the event (or now). */
  name: string | null;
  brand_id: number | null;
  /** create, delete: the fields; update, restore: { field: [before, after] }. */
  changes: Record<string, unknown>;
  actor_user_id: number | null;
  actor_name: string | null;
  /** Whether the model exists now. */
  model_exists: boolean;
  restorable: boolean;
  created_at: string;
}
