import { moduleResource, type JsonApiRecord } from '@dp/contracts';

/** The page of a module of the dictionary, by its code (spec 000 §2 /settings/module_edit/{moduleCode}). */
export const moduleEditPath = (code: string) => `/marketplace/settings/module_edit/${encodeURIComponent(code)}`;

export type ModuleRecord = JsonApiRecord<{
  code: string;
  name: string;
  description: string | null;
  promo_link: string | null;
  url: string | null;
  image: string | null;
  sort: number;
  locales: string[];
  active: boolean;
  site_category: string | null;
  client_ids: number[];
  billing_integration: boolean;
  color_scheme_overrides: Record<string, { name?: string | null; description?: string | null; image?: string | null; url?: string | null }>;
  handlers: { install: string[]; uninstall: string[] };
  notification_emails: string[];
  updated_at: string;
}>;

/** The form's values: overrides as a list of rows (a colour scheme each). */
export interface ModuleFormValues {
  name: string;
  description?: string | null;
  promo_link?: string | null;
  url?: string | null;
  image?: string | null;
  sort: number;
  locales: string[];
  active: boolean;
  site_category?: string | null;
  client_ids: number[];
  billing_integration: boolean;
  handlers: { install: string[]; uninstall: string[] };
  notification_emails: string[];
  overrides: { scheme: string; name?: string | null; description?: string | null; image?: string | null; url?: string | null }[];
}

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export function toFormValues(record: ModuleRecord): ModuleFormValues {
  const a = record.attributes;
  return {
    name: a.name,
    description: a.description,
    promo_link: a.promo_link,
    url: a.url,
    image: a.image,
    sort: a.sort,
    locales: a.locales,
    active: a.active,
    site_category: a.site_category,
    client_ids: a.client_ids,
    billing_integration: a.billing_integration,
    handlers: { install: a.handlers.install ?? [], uninstall: a.handlers.uninstall ?? [] },
    notification_emails: a.notification_emails,
    overrides: Object.entries(a.color_scheme_overrides ?? {}).map(([scheme, override]) => ({ scheme, ...override })),
  };
}

/** All the attributes the form edits, as the API takes them: empty texts as null, overrides as a map. */
export function attributesOf(values: ModuleFormValues): Record<string, unknown> {
  const text = (value: unknown) => blank(value) ?? null;
  const overrides = Object.fromEntries(
    (values.overrides ?? [])
      .filter((row) => row?.scheme)
      .map((row) => [row.scheme.trim(), { name: text(row.name), description: text(row.description), image: text(row.image), url: text(row.url) }]),
  );
  return {
    name: values.name,
    description: text(values.description),
    promo_link: text(values.promo_link),
    url: text(values.url),
    image: text(values.image),
    sort: values.sort ?? 0,
    locales: values.locales ?? [],
    active: values.active,
    site_category: text(values.site_category),
    client_ids: values.client_ids ?? [],
    billing_integration: values.billing_integration,
    handlers: { install: values.handlers?.install ?? [], uninstall: values.handlers?.uninstall ?? [] },
    notification_emails: (values.notification_emails ?? []).map((email) => email.trim()),
    color_scheme_overrides: overrides,
  };
}

/** What a save sends: the attributes that differ from the record as loaded. */
export function changedAttributes(values: ModuleFormValues, initial: ModuleFormValues): Record<string, unknown> {
  const next = attributesOf(values);
  const before = attributesOf(initial);
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])));
}

export const moduleFields = moduleResource.update.shape;
