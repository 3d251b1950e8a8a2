import { z } from 'zod';
import { actionBody } from '../kit/jsonapi.ts';
import { code, email, filterText, id, idList, integer, locale, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { subdomainFrom } from './host.ts';
import { colorScheme, hostField, phoneFormat, SITE_CORES, SITE_LOCALES, SITE_TYPES } from './site.resource.ts';

/** Bodies and answers of the site transitions and actions beside the site resource (spec 000 §4, §7). */

/** Unpublishing needs the host typed exactly (spec 000 §5). */
export const unpublishSiteBody = actionBody(z.strictObject({ host: filterText(255) }));

/** Any other value than 1 or 2 is the error 'Unexpected site version' (spec 000 §4). */
export const siteVersionBody = actionBody(z.strictObject({ version: integer(1, 2, encodeMessage('unexpected_site_version')) }));

export const siteCoreBody = actionBody(z.strictObject({ core: z.enum(SITE_CORES) }));

export const dealerIdsBody = actionBody(z.strictObject({ dealer_ids: idList(100).min(1) }));
/** The dealers the site shows, in their new order: a permutation of the current list. */
export const displayPriorityBody = actionBody(z.strictObject({ dealer_ids: idList(100) }));

export const siteLocalesBody = actionBody(z.strictObject({ locales: z.array(z.enum(SITE_LOCALES)).max(10) }));

/** How the technical host of a new site is given: typed, a subdomain, or made from the name. */
const technicalHostFields = {
  technical_host: hostField(),
  /** A subdomain of the technical domain: `<subdomain>.<TECHNICAL_DOMAIN>` (transliterated); one that leaves nothing is refused. */
  subdomain: safeString()
    .max(63)
    .refine((value) => value.trim() === '' || subdomainFrom(value) !== '', { error: encodeMessage('subdomain_invalid') })
    .optional(),
  /** The subdomain made from the site's name (transliterated). */
  auto_technical_host: z.boolean().optional(),
};

/**
 * The copy dialog (spec 000 §2): name, host, technical host, client, dealership, phone format,
 * admin e-mail, type, colour scheme, locale, group, subdomain, what else to copy, automatic
 * technical domain.
 */
const copySiteFields = z.strictObject({
  name: requiredText(255),
  host: hostField(),
  ...technicalHostFields,
  client_id: id(),
  dealer_id: id().nullable().optional(),
  phone_format: phoneFormat(),
  admin_email: z.union([z.literal('').transform(() => null), email()]).nullable().optional(),
  type: integer(1, 3).pipe(z.literal(SITE_TYPES)).optional(),
  color_scheme: colorScheme().nullable().optional(),
  locale: locale().optional(),
  group_ids: idList(100).optional(),
  copy_stages: z.boolean().optional(),
  copy_redirects: z.boolean().optional(),
  copy_seo_constants: z.boolean().optional(),
});

/** The copy's first version, `POST /sites/{id}/copy`: the source ("from demo or official", or a site of one's own) is the site in the path. */
export const copySiteBody = actionBody(copySiteFields);

/**
 * The copy's second version, `POST /sites/copy`: the source in the body, and the answer says what
 * was copied (`meta.copied`).
 */
export const copySiteV2Body = actionBody(copySiteFields.extend({ source_site_id: id() }));

/** What a copy, fork or generation took from its source, by kind (kinds with nothing left out). */
export type SiteCopied = Partial<Record<'templates' | 'layouts' | 'pages' | 'stages' | 'redirects' | 'seo_constants', number>>;

/**
 * Creation error codes in the spec's second reading (spec 000 §8), on a 400 of a site's creation
 * (`meta.creation_code` of each error on such a field): 0 invalid host name, 1 invalid group,
 * 2 invalid domain code (the subdomain of the technical domain).
 */
export const SITE_CREATION_CODES = { host: 0, technical_host: 0, group_ids: 1, subdomain: 2 } as const;

/** A fork of an official master site for a client: it keeps the master's central content. */
export const forkSiteBody = actionBody(
  z.strictObject({
    name: requiredText(255),
    client_id: id(),
    host: hostField(),
    ...technicalHostFields,
  }),
);

/** A new client site from an official demo site, with an automatic technical domain. */
export const generateSiteBody = actionBody(
  z.strictObject({
    client_id: id(),
    name: requiredText(255).optional(),
    /** The official demo site to start from; the first one (of the colour scheme, if given) otherwise. */
    demo_site_id: id().optional(),
    color_scheme: colorScheme().nullable().optional(),
    brand_id: id().nullable().optional(),
    host: hostField(),
  }),
);

/**
 * Which published sites a republish or rerender touches: every filter given must hold (AND);
 * without any filter `confirm: true` is required (spec 000 §5).
 */
export const siteRenderFilters = z.strictObject({
  ids: idList(1000).optional(),
  client_ids: idList(1000).optional(),
  types: z.array(integer(1, 3).pipe(z.literal(SITE_TYPES))).max(3).optional(),
  color_scheme: colorScheme().optional(),
  brand_id: id().optional(),
  module_code: code(100).optional(),
  confirm: z.boolean().optional(),
});
export const siteRenderBody = actionBody(siteRenderFilters);
export type SiteRenderFilters = z.output<typeof siteRenderFilters>;

/** `module_codes=a,b`: sites having every one of these modules installed and active. */
export const withModulesQuery = z.strictObject({
  module_codes: safeString()
    .min(1)
    .max(1000)
    .regex(/^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$/, { error: encodeMessage('code_format') }),
});

/** DNS check codes of spec 000 §5: what is wrong with a site's records (none: all is well). */
export const DNS_CHECK_CODES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export type DnsCheckCode = (typeof DNS_CHECK_CODES)[number];
export interface DnsCheckResult {
  host: string | null;
  technical_host: string | null;
  ok: boolean;
  problems: { code: DnsCheckCode; title: string }[];
  records: { host: string[]; technical_host: string[]; www: string[] };
}

/** Options of the site forms: the technical domain and the colour schemes in use. */
export interface SiteOptions {
  technical_domain: string;
  color_schemes: string[];
}

/** A favicon (192×192 or 512×512) and an Apple icon (180×180), or a logo, as the upload accepts them. */
export const FAVICON_SIZES = { icon: [[192, 192], [512, 512]], apple: [[180, 180]] } as const;
export const FAVICON_KINDS = ['icon', 'apple'] as const;
export const LOGO_KINDS = ['pc', 'mobile'] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
