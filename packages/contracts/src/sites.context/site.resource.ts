import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { code, email, filterText, id, idList, integer, locale, optionalText, rawText, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { dealerRef } from '../dealerships/dealership.resource.ts';
import { hasPort, isIpAddressHost, isValidHost, normalizeHost } from './host.ts';

const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;
export const siteGroupRef = { service: 'sites.context', name: 'groups', label: 'name' } as const;

/** Site types (spec 000 §3): 1 official demo, 2 official master, 3 client. */
export const SITE_TYPES = [1, 2, 3] as const;
/** Types 1 and 2 are the platform's official sites. */
export const OFFICIAL_SITE_TYPES = [1, 2] as const;
/** Site statuses (spec 000 §4): 1 published, 2 draft, 3 pending. */
export const SITE_STATUSES = [1, 2, 3] as const;
/** Site versions (spec 000 §4): 1 submitted, 2 published. */
export const SITE_VERSIONS = [1, 2] as const;
export const SITE_COUNTRIES = ['ru', 'by', 'kz'] as const;
/** Rendering cores; switching creates a site task. */
export const SITE_CORES = ['core', 'core2'] as const;
export const LOGO_POSITIONS = ['left', 'right'] as const;
/** Who sends the site's mail: the platform's mailer or the site's own SMTP server. */
export const SITE_MAILERS = ['platform', 'smtp'] as const;
export const SITE_LOCALES = ['ru', 'en'] as const;

/** A stored image of a site (favicon, logo) as the files kit keeps it. */
export interface SiteImage {
  file_id: string;
  url: string;
  width: number;
  height: number;
  mime: string;
}

/**
 * A host or technical host: normalised as spec 000 §5 says (lowercase, transliterated, only
 * a-z, 0-9, dot and hyphen), then it must be a domain name; empty means none. An IP address
 * or a port is refused with its own message, never normalised away.
 */
const blank = (value: string) => value.trim() === '';
export const hostField = () =>
  safeString()
    .max(253)
    .refine((value) => blank(value) || !isIpAddressHost(value), { error: encodeMessage('host_ip_address'), abort: true })
    .refine((value) => blank(value) || !hasPort(value), { error: encodeMessage('host_port'), abort: true })
    .refine((value) => value.trim() === '' || isValidHost(normalizeHost(value)), { error: encodeMessage('host_invalid') })
    .transform((value) => normalizeHost(value) || null)
    .nullable()
    .optional();

/** A colour scheme code of the renderer (spec 000 §3 Site.context). */
export const colorScheme = () => code(100);

const optionalEmail = () => z.union([z.literal('').transform(() => null), email()]).nullable().optional();

/** How phone numbers are shown on the site: X for a digit, e.g. +7 (XXX) XXX-XX-XX. */
export const phoneFormat = () =>
  safeString()
    .trim()
    .max(50)
    .regex(/^[0-9X+()\s-]*$/, { error: encodeMessage('phone_format') })
    .transform((value) => value || null)
    .nullable()
    .optional();

/** Site.context: brand, colour scheme and extra colour schemes (merged with the stored one on change). */
export const siteContextInput = z.strictObject({
  brand_id: id().nullable().optional(),
  color_scheme: colorScheme().nullable().optional(),
  extra_color_schemes: z.array(colorScheme()).max(20).optional(),
});

/** Depersonalization of customer data after `period` days; the period is required when enabled. */
export const depersonalizationInput = z
  .strictObject({ enabled: z.boolean(), period: integer(1, 3650).nullable().optional() })
  .refine((value) => !value.enabled || (value.period ?? null) !== null, { error: encodeMessage('required'), path: ['period'] });

/** The settings of a site (spec 000 §2 site settings, §3 Site), as a create or a change gives them. */
const settings = {
  name: requiredText(255),
  host: hostField(),
  technical_host: hostField(),
  client_id: id(),
  type: integer(1, 3).pipe(z.literal(SITE_TYPES)),
  use_http: z.boolean(),
  dealer_id: id().nullable().optional(),
  context: siteContextInput,
  admin_email: optionalEmail(),
  country: z.enum(SITE_COUNTRIES),
  strict_publishing: z.boolean(),
  content_version: integer(1, 100),
  phone_format: phoneFormat(),
  locale: locale(),
  default_mailer: z.enum(SITE_MAILERS).nullable(),
  basic_auth_login: optionalText(100),
  /** Write-only: stored as its argon2id hash, never returned; null removes it. */
  basic_auth_password: rawText(128).nullable(),
  depersonalization: depersonalizationInput,
  logo_position: z.enum(LOGO_POSITIONS),
  group_ids: idList(100),
};

const image = z.object({ file_id: z.string(), url: z.string(), width: z.number(), height: z.number(), mime: z.string() }).nullable();

/**
 * A dealer site (spec 000 §3 Site): its settings, status (changed only by the transitions: publish,
 * unpublish), version and core (their own routes), dealers (append, remove, display priority),
 * locales, favicons and logos (uploads). Deleting needs the host typed (`?confirm=<host>`), see
 * docs/decisions/sites.md, "What is a site's lifecycle?".
 */
export const siteResource = defineResource({
  service: 'sites.context',
  name: 'sites',
  entity: z.object({
    name: z.string(),
    host: z.string().nullable(),
    technical_host: z.string().nullable(),
    client_id: z.number(),
    type: z.number(),
    version: z.number(),
    status: z.number(),
    dealer_id: z.number().nullable(),
    dealer_ids: z.array(z.number()),
    context: z.object({ brand_id: z.number().nullable(), color_scheme: z.string().nullable(), extra_color_schemes: z.array(z.string()) }),
    use_http: z.boolean(),
    admin_email: z.string().nullable(),
    country: z.string(),
    strict_publishing: z.boolean(),
    content_version: z.number(),
    phone_format: z.string().nullable(),
    locale: z.string(),
    locales: z.array(z.string()),
    default_mailer: z.string().nullable(),
    basic_auth_login: z.string().nullable(),
    depersonalization: z.object({ enabled: z.boolean(), period: z.number().nullable() }),
    favicons: z.object({ icon: image, apple: image }),
    logos: z.object({ pc: image, mobile: image }),
    logo_position: z.string(),
    core: z.string(),
    origin_site_id: z.number().nullable(),
    group_ids: z.array(z.number()),
    rendered_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({
    ...settings,
    type: settings.type.default(3),
    use_http: settings.use_http.optional(),
    context: settings.context.optional(),
    country: settings.country.optional(),
    strict_publishing: settings.strict_publishing.optional(),
    content_version: settings.content_version.optional(),
    locale: settings.locale.optional(),
    default_mailer: settings.default_mailer.optional(),
    basic_auth_password: settings.basic_auth_password.optional(),
    depersonalization: settings.depersonalization.optional(),
    logo_position: settings.logo_position.optional(),
    group_ids: settings.group_ids.optional(),
  }),
  update: z.strictObject(settings).partial(),
  filters: {
    search: { op: 'search', columns: ['name', 'host', 'technical_host'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
    type: { op: 'in', schema: z.string().max(20).regex(/^[123](,[123])*$/), widget: 'select' },
    status: {
      op: 'in',
      schema: z.string().max(20).regex(/^[123](,[123])*$/),
      widget: 'select',
      options: SITE_STATUSES.map((value) => ({ value, label: `sites.statuses.${value}` })),
    },
    // Search by colour scheme (spec 000 §7): the scheme inside Site.context.
    color_scheme: { op: 'eq', columns: ['context'], path: 'color_scheme', schema: filterText(100) },
    origin_site_id: { op: 'eq', schema: id() },
    group_id: { op: 'contains', columns: ['group_ids'], schema: id(), widget: 'ref', ref: siteGroupRef },
  },
  sort: ['id', 'name', 'host', 'technical_host', 'client_id', 'type', 'status', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef, group_ids: siteGroupRef, dealer_id: dealerRef, dealer_ids: dealerRef },
  permissions: crudPermissions('sites', 'sites.get_full_list'),
  // Deleting needs the host typed exactly (spec 000 §5): DELETE /sites/{id}?confirm=<host>.
  deleteQuery: z.strictObject({ confirm: filterText(255).optional() }),
  columns: [
    { field: 'name', sortable: true },
    { field: 'host', sortable: true },
    { field: 'technical_host', sortable: true },
    { field: 'client_id', sortable: true, render: 'refs', ref: clientRef },
    { field: 'type', render: 'tag' },
    { field: 'status', render: 'tag' },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'host', widget: 'text' },
    { field: 'technical_host', widget: 'text' },
    { field: 'client_id', widget: 'select', ref: clientRef },
    {
      field: 'type',
      widget: 'select',
      options: SITE_TYPES.map((value) => ({ value, label: `sites.types.${value}` })),
    },
    { field: 'use_http', widget: 'switch' },
  ],
  screen: '/sites.context/all_sites',
});

export type SiteAttributes = z.output<typeof siteResource.entity>;
