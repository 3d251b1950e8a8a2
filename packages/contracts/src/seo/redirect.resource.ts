import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { filterText, id, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * Redirects of a site (spec 000 §3 Redirect, service seo): from a page or an address of the site to
 * a page or an address (of the site, or absolute), with code 301 or 302. `created_type` says where
 * one came from: manual (the screen, the API), import (a CSV or XLSX file), auto (made by the
 * platform). A redirect naming a page keeps that page's address of the moment in its uri too, so
 * uniqueness (one redirect per "from" address and site) and loops (A → B → A) are checked on
 * addresses. Cross-field rules (page or address, the same site's pages, no loop) are the server's
 * (services/seo/redirect.hooks.ts).
 */
export const REDIRECT_CODES = [301, 302] as const;
export const REDIRECT_CREATED_TYPES = ['manual', 'import', 'auto'] as const;

/** A path of the site: '/', then no whitespace, no fragment; a query string may follow. */
export const REDIRECT_FROM = /^\/[^\s#]*$/;
/** A path of the site (one '/', then neither '/' nor '\'), or an absolute http(s) address. */
export const REDIRECT_TO = /^(\/(?![/\\])[^\s#]*(#[^\s]*)?|https?:\/\/[^\s/$.?#][^\s]*)$/i;

/**
 * Whether an address, percent-decoded once, is a path of the same site: exactly one '/' first,
 * then neither '/' nor '\' (browsers read `//x` and `/\x` as another host), and no control
 * character (browsers drop tabs and newlines, so `/\t/x` would read as `//x`). Every redirect of
 * the public sites that is not an absolute address the site's staff chose must pass it.
 */
export function isSitePath(address: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(address.split(/[?#]/, 1)[0]!);
  } catch {
    return false;
  }
  return /^\/(?![/\\])/.test(decoded) && !/[\u0000-\u001f\u007f]/.test(decoded);
}

/** '/old/' and '/old' are one address: a trailing slash is dropped (not from '/'). */
export const normalizeRedirectUri = (value: string) => (value.length > 1 && !/^https?:/i.test(value) ? value.replace(/\/+(?=$|\?)/, '') || '/' : value);

export const redirectFromUri = () =>
  safeString().trim().min(1, { abort: true }).max(2048, { abort: true }).regex(REDIRECT_FROM, { error: encodeMessage('redirect_from_uri') }).transform(normalizeRedirectUri);
export const redirectToUri = () =>
  safeString()
    .trim()
    .min(1, { abort: true })
    .max(2048, { abort: true })
    .regex(REDIRECT_TO, { error: encodeMessage('redirect_to_uri'), abort: true })
    .refine((value) => /^https?:/i.test(value) || isSitePath(value), { error: encodeMessage('redirect_to_uri') })
    .transform(normalizeRedirectUri);
export const redirectCode = () => z.literal(REDIRECT_CODES, { error: encodeMessage('redirect_code') });

const fields = {
  from_page_id: id().nullable(),
  from_uri: redirectFromUri().nullable(),
  to_page_id: id().nullable(),
  to_uri: redirectToUri().nullable(),
  code: redirectCode(),
};

export const redirectResource = defineResource({
  service: 'seo',
  name: 'redirects',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    from_page_id: z.number().nullable(),
    from_uri: z.string(),
    to_page_id: z.number().nullable(),
    to_uri: z.string(),
    created_type: z.enum(REDIRECT_CREATED_TYPES),
    code: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({
    site_id: id(),
    from_uri: fields.from_uri.optional(),
    to_uri: fields.to_uri.optional(),
    from_page_id: fields.from_page_id.optional(),
    to_page_id: fields.to_page_id.optional(),
    code: fields.code.default(301),
  }),
  update: z.strictObject(fields).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['from_uri', 'to_uri'], schema: filterText(), widget: 'text' },
    code: { op: 'eq', schema: z.enum(['301', '302']).transform(Number), widget: 'select' },
    created_type: { op: 'eq', schema: z.enum(REDIRECT_CREATED_TYPES), widget: 'select', options: REDIRECT_CREATED_TYPES.map((value) => ({ value, label: `created_types.${value}` })) },
  },
  sort: ['id', 'from_uri', 'to_uri', 'code', 'created_type', 'created_at', 'updated_at'],
  defaultSort: 'from_uri',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  permissions: crudPermissions('redirects'),
  columns: [
    { field: 'from_uri', sortable: true, width: 280 },
    { field: 'to_uri', sortable: true, width: 280 },
    { field: 'code', sortable: true, render: 'tag', width: 100 },
    { field: 'created_type', sortable: true, render: 'tag', width: 140 },
    { field: 'updated_at', sortable: true, render: 'date' },
  ],
  form: [
    { field: 'from_uri', widget: 'text' },
    { field: 'to_uri', widget: 'text' },
    { field: 'code', widget: 'select', options: REDIRECT_CODES.map((value) => ({ value, label: String(value) })) },
    { field: 'from_page_id', widget: 'select' },
    { field: 'to_page_id', widget: 'select' },
  ],
  screen: '/seo/sites/{siteId}/redirects',
  label: ['from_uri'],
});
