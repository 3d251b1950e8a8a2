import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { id, safeString, verificationCode } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * SEO settings of a site (spec 000 §3 SEO config, service seo), one record per site: how the site
 * map and robots.txt are made (1 manual: the contents typed here, 2 auto: the renderer builds
 * them), search engines' verification codes (spec 000 §5: no whitespace, quotes, angle brackets or
 * Cyrillic) and counters. A counter is a provider and its id, never a script: the public renderer
 * writes the provider's own snippet, so nothing typed here runs on a site as code.
 */
export const SEO_MODES = [1, 2] as const;
export const VERIFICATION_PROVIDERS = ['yandex', 'google', 'bing', 'mail_ru'] as const;
export const COUNTER_TYPES = ['yandex_metrika', 'google_analytics', 'google_tag_manager', 'vk_pixel', 'top_mail_ru'] as const;

export const seoMode = () => z.literal(SEO_MODES, { error: encodeMessage('invalid_choice') });
/** A counter's id at its provider: 12345678, G-ABC123, GTM-ABC123, VK-RTRG-123-abc. */
export const counterId = () =>
  safeString().trim().min(1, { abort: true }).max(64, { abort: true }).regex(/^[A-Za-z0-9-]+$/, { error: encodeMessage('counter_id') });

export const verificationEntry = z.strictObject({ provider: z.enum(VERIFICATION_PROVIDERS), code: verificationCode() });
export const counterEntry = z.strictObject({ type: z.enum(COUNTER_TYPES), id: counterId() });

const fields = {
  site_map_mode: seoMode(),
  robots_mode: seoMode(),
  site_map: safeString({ lines: true }).max(500_000).nullable(),
  robots: safeString({ lines: true }).max(50_000).nullable(),
  verification_codes: z.array(verificationEntry).max(10),
  counters: z.array(counterEntry).max(10),
};

export const seoConfigResource = defineResource({
  service: 'seo',
  name: 'seo_configs',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    site_map_mode: z.number(),
    robots_mode: z.number(),
    site_map: z.string().nullable(),
    robots: z.string().nullable(),
    verification_codes: z.array(z.object({ provider: z.string(), code: z.string() })),
    counters: z.array(z.object({ type: z.string(), id: z.string() })),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({
    site_id: id(),
    site_map_mode: fields.site_map_mode.default(2),
    robots_mode: fields.robots_mode.default(2),
    site_map: fields.site_map.optional(),
    robots: fields.robots.optional(),
    verification_codes: fields.verification_codes.default([]),
    counters: fields.counters.default([]),
  }),
  update: z.strictObject(fields).partial(),
  filters: { site_id: { op: 'eq', schema: id() } },
  sort: ['id', 'site_id', 'created_at', 'updated_at'],
  defaultSort: 'id',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  permissions: { list: ['seo_configs.get_list', 'seo_configs.patch'], get: ['seo_configs.get_list', 'seo_configs.patch'], create: ['seo_configs.patch'], update: ['seo_configs.patch'], delete: ['seo_configs.patch'] },
  columns: [
    { field: 'site_map_mode', render: 'tag' },
    { field: 'robots_mode', render: 'tag' },
    { field: 'updated_at', render: 'date' },
  ],
  form: [
    { field: 'robots', widget: 'textarea' },
    { field: 'site_map_mode', widget: 'select', options: SEO_MODES.map((value) => ({ value, label: `modes.${value}` })) },
    { field: 'robots_mode', widget: 'select', options: SEO_MODES.map((value) => ({ value, label: `modes.${value}` })) },
    { field: 'site_map', widget: 'textarea' },
  ],
  screen: '/seo/sites/{siteId}/seo_config',
});
