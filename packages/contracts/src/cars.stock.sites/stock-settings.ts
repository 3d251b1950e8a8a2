import { z } from 'zod';
import { id, integer, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * Stock settings of a site (spec 001 §3 "Stock settings", service cars.stock.sites): the root
 * catalogue page, new and used settings (root page, templates, sold period and strategy, visual
 * settings, vehicle type, friendly URLs) and the viewed and favorites settings. One record per
 * site; a site without one reads the defaults (docs/decisions/stock.md, "What do stock settings
 * hold?").
 */

/** Spec 001 §4 "Sold vehicle storage": infinitely, 1, 3, 6 months, do not store. */
export const SOLD_PERIODS = ['infinitely', 'one_month', 'three_months', 'six_months', 'do_not_store'] as const;
export type SoldPeriod = (typeof SOLD_PERIODS)[number];
/** Months a sold car stays on the site; null: forever; 0: it goes at once. */
export const SOLD_PERIOD_MONTHS: Record<SoldPeriod, number | null> = { infinitely: null, one_month: 1, three_months: 3, six_months: 6, do_not_store: 0 };
/** Spec 001 §4 "Deletion strategy for sold vehicles": what the address of a removed sold car does. */
export const SOLD_STRATEGIES = ['none', 'redirect_to_list', 'redirect_to_model'] as const;
export type SoldStrategy = (typeof SOLD_STRATEGIES)[number];
export const VEHICLE_TYPES = ['car', 'commercial'] as const;
export const LIST_VIEWS = ['grid', 'list'] as const;
export const STOCK_KINDS = ['new_settings', 'used_settings'] as const;
export type StockKind = (typeof STOCK_KINDS)[number];

/** How the car list of the site looks (decided: the spec names visual_settings only). */
export const visualSettingsSchema = z.strictObject({
  list_view: z.enum(LIST_VIEWS, { error: encodeMessage('stock_settings_choice') }),
  cards_per_row: integer(2, 4),
  show_labels: z.boolean(),
  show_discount_price: z.boolean(),
  show_dealer: z.boolean(),
});
export type VisualSettings = z.output<typeof visualSettingsSchema>;

/** A car's address on the site: below the root page, `{brand}-{model}-{id}` when friendly, the id otherwise. */
export const friendlyUrlSchema = z.strictObject({
  enabled: z.boolean(),
  with_year: z.boolean(),
});

/** Settings of one kind of stock (new or used). */
export const stockKindSettingsSchema = z.strictObject({
  root_page_id: id().nullable(),
  template_id: id().nullable(),
  sold_template_id: id().nullable(),
  sold_period: z.enum(SOLD_PERIODS, { error: encodeMessage('stock_settings_sold_period') }),
  sold_strategy: z.enum(SOLD_STRATEGIES, { error: encodeMessage('stock_settings_sold_strategy') }),
  visual_settings: visualSettingsSchema,
  vehicle_type: z.enum(VEHICLE_TYPES, { error: encodeMessage('stock_settings_choice') }),
  friendly_url: friendlyUrlSchema,
});
export type StockKindSettings = z.output<typeof stockKindSettingsSchema>;

/** Viewed and favorites of a site's visitors (decided): on or off, how many are kept, for how many days. */
export const viewedFavoritesSchema = z.strictObject({
  viewed_enabled: z.boolean(),
  viewed_max_count: integer(1, 100),
  viewed_lifetime_days: integer(1, 365),
  favorites_enabled: z.boolean(),
  favorites_max_count: integer(1, 200),
  favorites_lifetime_days: integer(1, 365),
});
export type ViewedFavorites = z.output<typeof viewedFavoritesSchema>;

export const DEFAULT_KIND_SETTINGS: StockKindSettings = {
  root_page_id: null,
  template_id: null,
  sold_template_id: null,
  sold_period: 'one_month',
  sold_strategy: 'none',
  visual_settings: { list_view: 'grid', cards_per_row: 3, show_labels: true, show_discount_price: true, show_dealer: false },
  vehicle_type: 'car',
  friendly_url: { enabled: true, with_year: false },
};
export const DEFAULT_VIEWED_FAVORITES: ViewedFavorites = {
  viewed_enabled: true,
  viewed_max_count: 10,
  viewed_lifetime_days: 30,
  favorites_enabled: true,
  favorites_max_count: 20,
  favorites_lifetime_days: 90,
};

/** The placeholders a smart contract link may carry: the car's VIN and its id. */
export const SMART_CONTRACT_PLACEHOLDERS = ['vin', 'id'] as const;
export type SmartContractPlaceholder = (typeof SMART_CONTRACT_PLACEHOLDERS)[number];
const PLACEHOLDER = /\{([^{}]*)\}/g;

/**
 * The smart contract link of a site's stock (spec 001 §7 "smart_contract_link", its shape decided):
 * the address of a car's online purchase, `https://` only, with `{vin}` and/or `{id}` where the
 * car's values go; empty (null) by default, and an empty text clears it.
 */
export const smartContractLinkSchema = safeString()
  .trim()
  .max(2000)
  .transform((value) => value || null)
  .superRefine((value, ctx) => {
    if (value === null) return;
    const unknown = [...value.matchAll(PLACEHOLDER)].map((match) => match[1]!).find((name) => !(SMART_CONTRACT_PLACEHOLDERS as readonly string[]).includes(name));
    if (unknown !== undefined) return void ctx.addIssue({ code: 'custom', message: encodeMessage('smart_contract_link_placeholder', { name: `{${unknown}}` }) });
    if (!/^https:\/\//i.test(value)) return void ctx.addIssue({ code: 'custom', message: encodeMessage('smart_contract_link_https') });
    if (!SMART_CONTRACT_PLACEHOLDERS.some((name) => value.includes(`{${name}}`))) return void ctx.addIssue({ code: 'custom', message: encodeMessage('smart_contract_link_no_placeholder') });
    // A host right after the scheme, no spaces, and an address once the car's values are in.
    const sample = fillSmartContractLink(value, { id: 1, vin: 'XW8ZZZ61ZKG000001' });
    if (!/^https:\/\/[^\s/$.?#\\][^\s]*$/i.test(value) || !sample || !URL.canParse(sample)) ctx.addIssue({ code: 'custom', message: encodeMessage('url') });
  });

/**
 * The smart contract link of one car: the template with `{vin}` and `{id}` replaced by the car's
 * values, each percent-encoded; null when the template names a value the car lacks (a car without
 * a VIN has no link of a `{vin}` template).
 */
export function fillSmartContractLink(template: string | null | undefined, car: { id: number; vin?: string | null }): string | null {
  if (!template) return null;
  let missing = false;
  const filled = template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = name === 'id' ? String(car.id) : name === 'vin' ? car.vin : undefined;
    if (value === undefined) return whole;
    if (!value) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? null : filled;
}

/** The sections of the record: each stored whole, patched in part. */
export const STOCK_SETTINGS_SECTIONS = {
  new_settings: stockKindSettingsSchema,
  used_settings: stockKindSettingsSchema,
  viewed_favorites: viewedFavoritesSchema,
};
export const stockSettingsDefaults = () => ({
  root_catalog_id: null as number | null,
  smart_contract_link: null as string | null,
  new_settings: structuredClone(DEFAULT_KIND_SETTINGS),
  used_settings: structuredClone(DEFAULT_KIND_SETTINGS),
  viewed_favorites: { ...DEFAULT_VIEWED_FAVORITES },
});
export type StockSettings = ReturnType<typeof stockSettingsDefaults>;

/** A change of a section: any of its fields, nested objects in part too. */
const kindPatch = stockKindSettingsSchema.extend({ visual_settings: visualSettingsSchema.partial(), friendly_url: friendlyUrlSchema.partial() }).partial();

/** PATCH /settings/where_site/{siteId}: the fields and sections to change, the others stay. */
export const stockSettingsPatch = z.strictObject({
  root_catalog_id: id().nullable().optional(),
  smart_contract_link: smartContractLinkSchema.nullable().optional(),
  new_settings: kindPatch.optional(),
  used_settings: kindPatch.optional(),
  viewed_favorites: viewedFavoritesSchema.partial().optional(),
});
export type StockSettingsPatch = z.output<typeof stockSettingsPatch>;

/** The settings record as the API answers it (attributes of type stock_settings, id = the site's). */
export interface StockSettingsAttributes extends StockSettings {
  site_id: number;
  client_id: number;
  /** False while the site uses the defaults (nothing saved yet). */
  stored: boolean;
  updated_at: string | null;
}

/** Pages and templates of the site the settings may name (GET /lss/{siteId}/selects). */
export interface StockSettingsSelects {
  pages: { id: number; uri: string; caption: string | null }[];
  templates: { id: number; name: string }[];
}

/** Latin slug of a catalogue name for a car's friendly address (Cyrillic transliterated). */
const TRANSLIT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't',
  у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};
export function slugOf(text: string): string {
  return [...text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '')]
    .map((char) => TRANSLIT[char] ?? char)
    .join('')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The address of a car on the site (decided): root page, then a friendly slug ending with the id, or the id. */
export function carAddress(rootUri: string, car: { id: number; year?: number | null }, names: { brand?: string | null; model?: string | null }, friendly: { enabled: boolean; with_year: boolean }): string {
  const base = rootUri === '/' ? '' : rootUri.replace(/\/+$/, '');
  if (!friendly.enabled) return `${base}/${car.id}`;
  const parts = [names.brand, names.model, friendly.with_year ? car.year : null].filter((part) => part !== null && part !== undefined && part !== '').map((part) => slugOf(String(part)));
  return `${base}/${[...parts.filter(Boolean), car.id].join('-')}`;
}
