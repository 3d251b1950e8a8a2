import type { FileImportColumn } from '../kit/file-import.ts';

/**
 * The catalogue's file imports of spec 001 §7 owned here: POST /import/body_colors,
 * /import/price_body_colors (with delete_all), /import/upholsteries; `/preview` first. The first
 * row of the file names the columns (any order, case ignored); a list of colours in one cell is
 * separated by spaces, commas, "|" or ";". See docs/decisions/catalogue.md, "How is the catalogue
 * imported?".
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
  // Marketing complectations (keyed by restyling + code) and,
  // per restyling (POST /import/{kind}/{restylingId}), their specifications, prices and options.
  marketing_complectations: [
    { name: 'restyling_id', required: true, example: '1' },
    { name: 'complectation', required: true, example: 'Elegance' },
    { name: 'code', required: true, example: 'SOL-16-AT-ELG' },
    { name: 'name', required: true, example: 'Elegance 1.6 AT' },
    { name: 'name_ru', required: false, example: 'Элеганс 1.6 АКПП' },
    { name: 'name_en', required: false, example: 'Elegance 1.6 AT' },
    { name: 'formative_option_codes', required: false, example: 'WP1 SR2' },
    { name: 'formative_option_pack_codes', required: false, example: 'PK1' },
    { name: 'body', required: false, example: 'Седан' },
    { name: 'fuel', required: false, example: 'Бензин' },
    { name: 'transmission', required: false, example: 'АКПП' },
    { name: 'wheel_drive', required: false, example: 'Передний' },
    { name: 'engine_name', required: false, example: '1.6 MPI' },
    { name: 'engine_volume', required: false, example: '1.6' },
    { name: 'engine_volume_unit', required: false, example: 'liter' },
    { name: 'engine_power', required: false, example: '123' },
    { name: 'engine_power_unit', required: false, example: 'horse_power' },
    { name: 'engine_torque', required: false, example: '151' },
    { name: 'engine_rpm_from', required: false, example: '4850' },
    { name: 'engine_rpm_to', required: false, example: '4850' },
    { name: 'price', required: false, example: '1 650 000' },
    { name: 'published', required: false, example: 'yes' },
    { name: 'actual', required: false, example: 'yes' },
  ],
  specifications: [
    { name: 'marketing_complectation_code', required: true, example: 'SOL-16-AT-ELG' },
    { name: 'category', required: true, example: 'Двигатель' },
    { name: 'category_order', required: false, example: '1' },
    { name: 'title', required: true, example: 'Мощность, л.с.' },
    { name: 'code', required: false, example: 'power' },
    { name: 'value', required: true, example: '123' },
    { name: 'main', required: false, example: 'yes' },
    { name: 'order', required: false, example: '1' },
  ],
  prices: [
    { name: 'marketing_complectation_code', required: true, example: 'SOL-16-AT-ELG' },
    { name: 'price', required: true, example: '1 650 000' },
  ],
  options: [
    { name: 'marketing_complectation_code', required: true, example: 'SOL-16-AT-ELG' },
    { name: 'code', required: true, example: 'WP1' },
    { name: 'name', required: true, example: 'Winter package' },
    { name: 'name_ru', required: false, example: 'Зимний пакет' },
    { name: 'name_en', required: false, example: 'Winter package' },
    { name: 'category', required: false, example: 'Комфорт' },
    { name: 'price', required: false, example: '45000' },
  ],
} as const satisfies Record<string, FileImportColumn[]>;

export type CatalogImportKind = keyof typeof CATALOG_IMPORT_COLUMNS;
export const CATALOG_IMPORT_KINDS = Object.keys(CATALOG_IMPORT_COLUMNS) as CatalogImportKind[];
/** The imports of one restyling's marketing complectations: POST /import/{kind}/{restylingId} (spec 001 §7 `/import/{kind}/{x}`). */
export const RESTYLING_IMPORT_KINDS = ['specifications', 'prices', 'options'] as const satisfies readonly CatalogImportKind[];
export type RestylingImportKind = (typeof RESTYLING_IMPORT_KINDS)[number];
export const isRestylingImport = (kind: CatalogImportKind): kind is RestylingImportKind => (RESTYLING_IMPORT_KINDS as readonly string[]).includes(kind);
/** The code that writes what an import writes (the gateway's and the screens' check). */
export const CATALOG_IMPORT_CODES: Record<CatalogImportKind, string> = {
  body_colors: 'body_colors.create',
  price_body_colors: 'body_colors.create',
  upholsteries: 'upholsteries.create',
  marketing_complectations: 'marketing_complectations.create',
  specifications: 'marketing_complectations.patch',
  prices: 'marketing_complectations.patch',
  options: 'marketing_complectations.patch',
};

/** The template of an import: the column names and one example row (CSV, `;`, UTF-8 with BOM). */
export function catalogImportTemplate(kind: CatalogImportKind, examples: Record<string, string> = {}): string {
  const columns = CATALOG_IMPORT_COLUMNS[kind] as readonly FileImportColumn[];
  const line = (cells: string[]) => cells.map((cell) => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(';');
  return `\uFEFF${line(columns.map((c) => c.name))}\r\n${line(columns.map((c) => examples[c.name] ?? c.example))}\r\n`;
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
