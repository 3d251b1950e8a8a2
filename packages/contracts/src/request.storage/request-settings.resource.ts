import { z } from 'zod';
import { defineResource, siteSettingsListing } from '../kit/resource.ts';
import { filterText, id, isoDateTime, optionalText, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { REQUEST_TYPE_IDS } from './request-types.ts';

/**
 * The plain resources of request.storage (spec 002 §3, §5): offensive words (no site), a site's
 * consent texts by hash, request settings (type, tag, actions; archived or not) and sender blocks.
 * Reading needs callback_requests.get_list (the spec's one read code of the area); writes have codes of their own.
 */
const READ = 'callback_requests.get_list';
const typeChoice = () => z.union(REQUEST_TYPE_IDS.map((type) => z.literal(type)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]], { error: encodeMessage('invalid_choice') });
const typeOptions = REQUEST_TYPE_IDS.map((value) => ({ value, label: `request_types.${value}` }));

/** A word refused in requests' texts (spec 002 §3 "raw (shown as value)"); the platform's, not a client's. */
export const offensiveWordResource = defineResource({
  service: 'request.storage',
  name: 'offensive_words',
  module: null, // the platform's dictionary, not a site's
  entity: z.object({ raw: z.string(), created_at: z.string(), updated_at: z.string() }),
  create: z.strictObject({ raw: safeString().trim().toLowerCase().min(1).max(100).regex(/^[^\s]+$/u, { error: encodeMessage('offensive_word_single') }) }),
  update: z.strictObject({ raw: safeString().trim().toLowerCase().min(1).max(100).regex(/^[^\s]+$/u, { error: encodeMessage('offensive_word_single') }) }).partial(),
  filters: { word: { op: 'search', columns: ['raw'], schema: filterText(), widget: 'text' } },
  sort: ['id', 'raw', 'created_at', 'updated_at'],
  defaultSort: 'raw',
  pageSize: { default: 25, max: 1000 },
  tenant: null,
  unique: ['raw'],
  permissions: { list: ['offensive_words.admin'], get: ['offensive_words.admin'], create: ['offensive_words.admin'], update: ['offensive_words.admin'], delete: ['offensive_words.admin'] },
  columns: [
    { field: 'raw', sortable: true, width: 260 },
    { field: 'created_at', sortable: true, render: 'date', width: 180 },
    { field: 'updated_at', sortable: true, render: 'date', width: 180 },
  ],
  form: [{ field: 'raw', widget: 'text' }],
  screen: '/request.storage/offensive_words',
  label: ['raw'],
});

/** A consent text a site shows, by its SHA-256 (hex of the UTF-8 text); requests record the hash they were sent under. */
export const agreementHashResource = defineResource({
  service: 'request.storage',
  name: 'agreement_hash',
  entity: z.object({ site_id: z.number(), client_id: z.number(), hash: z.string(), text: z.string(), created_at: z.string(), updated_at: z.string() }),
  create: z.strictObject({ site_id: id(), text: safeString({ lines: true }).trim().min(1).max(5000) }),
  /** A text no request was sent under may be corrected (its hash follows it). */
  update: z.strictObject({ text: safeString({ lines: true }).trim().min(1).max(5000) }).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['text', 'hash'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'created_at'],
  defaultSort: '-created_at',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  permissions: { list: [READ], get: [READ], create: ['requests_settings.create'], update: ['requests_settings.patch'], delete: ['requests_settings.delete'] },
  columns: [
    { field: 'hash', width: 280 },
    { field: 'text', width: 420 },
    { field: 'created_at', sortable: true, render: 'date', width: 170 },
  ],
  form: [{ field: 'text', widget: 'textarea' }],
  screen: '/request.storage/agreement_hash/list/{siteId}',
  label: ['hash'],
});

/** What runs after a request of the setting's type (and tag) arrives: the sender's e-mail and proxy actions, and the platform's central proxy actions. */
export const ACTION_KINDS = ['email_action', 'proxy_action', 'central_proxy_action'] as const;
export const requestSettingAction = z.strictObject({ kind: z.enum(ACTION_KINDS, { error: encodeMessage('invalid_choice') }), id: id() });
export type RequestSettingAction = z.output<typeof requestSettingAction>;

const settingsFields = {
  request_type: typeChoice(),
  tag: optionalText(100),
  origin_id: id().nullable().optional(),
  actions: z.array(requestSettingAction).max(50, { error: encodeMessage('max_items', { count: 50 }) }),
};

/** Request settings of a site (spec 002 §3 requests_settings); archived ones keep their place in the history. */
export const requestSettingsResource = defineResource({
  service: 'request.storage',
  name: 'requests_settings',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    origin_id: z.number().nullable(),
    request_type: z.number(),
    tag: z.string().nullable(),
    actions: z.array(z.object({ kind: z.enum(ACTION_KINDS), id: z.number() })),
    archived: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ site_id: id(), ...settingsFields, actions: settingsFields.actions.default([]) }),
  update: z.strictObject(settingsFields).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    archived: { op: 'eq', schema: z.enum(['true', 'false']).transform((value) => value === 'true') },
    request_type: { op: 'eq', schema: z.enum(REQUEST_TYPE_IDS.map(String) as [string, ...string[]]).transform(Number), widget: 'select', options: typeOptions },
    search: { op: 'search', columns: ['tag'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'request_type', 'tag', 'created_at', 'updated_at'],
  defaultSort: 'request_type,tag',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  permissions: { list: [READ], get: [READ], create: ['requests_settings.create'], update: ['requests_settings.patch'], delete: ['requests_settings.delete'] },
  columns: [
    { field: 'request_type', sortable: true, render: 'tag', width: 220 },
    { field: 'tag', sortable: true, width: 180 },
    { field: 'actions', render: 'count', width: 120 },
    { field: 'updated_at', sortable: true, render: 'date', width: 170 },
  ],
  form: [
    { field: 'request_type', widget: 'select', options: typeOptions },
    { field: 'tag', widget: 'text' },
    { field: 'origin_id', widget: 'number' },
  ],
  screen: '/request.storage/settings_requests/{siteId}',
  label: ['tag'],
});

/** What a block matches on the request: the sender's phone, e-mail or address. */
export const BLOCK_SOURCE_TYPES = ['phone', 'email', 'ip'] as const;
/** reject: the sender is told (403); silent: answered as accepted but nothing is stored (a spammer learns nothing). */
export const BLOCK_TYPES = ['reject', 'silent'] as const;

/** A sender block of a site (spec 002 §3 Block): until a date (none: for good), with the count of refused attempts. */
export const requestBlockResource = defineResource({
  service: 'request.storage',
  name: 'request_block',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    source_type: z.enum(BLOCK_SOURCE_TYPES),
    source: z.string(),
    block_type: z.enum(BLOCK_TYPES),
    until: z.string().nullable(),
    count: z.number(),
    auto_rule: z.object({ max_requests: z.number(), period_minutes: z.number() }).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({
    site_id: id(),
    source_type: z.enum(BLOCK_SOURCE_TYPES, { error: encodeMessage('invalid_choice') }),
    source: requiredText(254),
    block_type: z.enum(BLOCK_TYPES, { error: encodeMessage('invalid_choice') }).default('reject'),
    until: isoDateTime().nullable().optional(),
  }),
  update: z.strictObject({
    block_type: z.enum(BLOCK_TYPES, { error: encodeMessage('invalid_choice') }),
    until: isoDateTime().nullable(),
  }).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    source_type: { op: 'eq', schema: z.enum(BLOCK_SOURCE_TYPES), widget: 'select', options: BLOCK_SOURCE_TYPES.map((value) => ({ value, label: `request_block.source_types.${value}` })) },
    search: { op: 'search', columns: ['source'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'source', 'source_type', 'until', 'count', 'created_at'],
  defaultSort: '-created_at',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  permissions: { list: [READ], get: [READ], create: ['request_blocks.create'], update: ['request_blocks.patch'], delete: ['request_blocks.delete'] },
  columns: [
    { field: 'source_type', sortable: true, render: 'tag', width: 140 },
    { field: 'source', sortable: true, width: 240 },
    { field: 'block_type', render: 'tag', width: 160 },
    { field: 'until', sortable: true, render: 'date', width: 170 },
    { field: 'count', sortable: true, width: 110 },
    { field: 'auto_rule', width: 260 },
    { field: 'created_at', sortable: true, render: 'date', width: 170 },
  ],
  form: [
    { field: 'source_type', widget: 'select', options: BLOCK_SOURCE_TYPES.map((value) => ({ value, label: `request_block.source_types.${value}` })) },
    { field: 'source', widget: 'text' },
    { field: 'block_type', widget: 'select', options: BLOCK_TYPES.map((value) => ({ value, label: `request_block.block_types.${value}` })) },
  ],
  screen: '/request.storage/site_blocks/{siteId}',
  label: ['source'],
});

/** The rule of the block settings that made a block: more than `max_requests` within `period_minutes`. */
export type RequestBlockRule = { max_requests: number; period_minutes: number };

/** Bounds of the block settings: requests counted (1–1000) within minutes (1 to a week), blocked for minutes (1 to a year) or for good. */
export const BLOCK_RULE_LIMITS = { maxRequests: 1000, periodMinutes: 10_080, blockMinutes: 525_600 } as const;
const blockSettingsFields = {
  enabled: z.boolean({ error: encodeMessage('invalid_type') }),
  by_phone: z.boolean({ error: encodeMessage('invalid_type') }),
  by_email: z.boolean({ error: encodeMessage('invalid_type') }),
  by_ip: z.boolean({ error: encodeMessage('invalid_type') }),
  max_requests: z.number({ error: encodeMessage('integer') }).int({ error: encodeMessage('integer') }).min(1, { error: encodeMessage('block_settings_max_requests', { max: BLOCK_RULE_LIMITS.maxRequests }) }).max(BLOCK_RULE_LIMITS.maxRequests, { error: encodeMessage('block_settings_max_requests', { max: BLOCK_RULE_LIMITS.maxRequests }) }),
  period_minutes: z.number({ error: encodeMessage('integer') }).int({ error: encodeMessage('integer') }).min(1, { error: encodeMessage('block_settings_minutes', { max: BLOCK_RULE_LIMITS.periodMinutes }) }).max(BLOCK_RULE_LIMITS.periodMinutes, { error: encodeMessage('block_settings_minutes', { max: BLOCK_RULE_LIMITS.periodMinutes }) }),
  block_type: z.enum(BLOCK_TYPES, { error: encodeMessage('invalid_choice') }),
  /** null: for good. */
  block_minutes: z.number({ error: encodeMessage('integer') }).int({ error: encodeMessage('integer') }).min(1, { error: encodeMessage('block_settings_minutes', { max: BLOCK_RULE_LIMITS.blockMinutes }) }).max(BLOCK_RULE_LIMITS.blockMinutes, { error: encodeMessage('block_settings_minutes', { max: BLOCK_RULE_LIMITS.blockMinutes }) }).nullable(),
};
/** The PATCH body of a site's block settings (`…/requests/block/settings/where_site_id/{siteId}`, and the resource's). */
export const requestBlockSettingsUpdate = z.strictObject(blockSettingsFields).partial();

/**
 * A site's block settings (spec 002 §2 /handle_site_blocks/{siteId}, §7): the rule that blocks a
 * sender by itself (more than N requests within M minutes from one phone, e-mail or address), one
 * record per site made with the defaults on first read; off until enabled.
 */
export const requestBlockSettingsResource = defineResource({
  service: 'request.storage',
  name: 'request_block_settings',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    enabled: z.boolean(),
    by_phone: z.boolean(),
    by_email: z.boolean(),
    by_ip: z.boolean(),
    max_requests: z.number(),
    period_minutes: z.number(),
    block_type: z.enum(BLOCK_TYPES),
    block_minutes: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ site_id: id(), ...blockSettingsFields }).partial().required({ site_id: true }),
  update: requestBlockSettingsUpdate,
  ...siteSettingsListing,
  permissions: { list: [READ], get: [READ], create: ['request_blocks.patch'], update: ['request_blocks.patch'], delete: ['request_blocks.patch'] },
  columns: [
    { field: 'site_id', width: 120, key: true },
    { field: 'enabled', render: 'boolean', width: 120 },
    { field: 'updated_at', render: 'date', width: 170 },
  ],
  form: [
    { field: 'enabled', widget: 'switch' },
    { field: 'by_phone', widget: 'switch' },
    { field: 'by_email', widget: 'switch' },
    { field: 'by_ip', widget: 'switch' },
    { field: 'max_requests', widget: 'number' },
    { field: 'period_minutes', widget: 'number' },
    { field: 'block_type', widget: 'select', options: BLOCK_TYPES.map((value) => ({ value, label: `request_block.block_types.${value}` })) },
    { field: 'block_minutes', widget: 'number' },
  ],
  screen: '/request.storage/handle_site_blocks/{siteId}',
  label: ['site_id'],
});

export const requestTypeChoice = typeChoice;
/** The intake's limits: a person sends a few requests a minute; a site's forms together far more (the bench: 1,000 a second). */
export const intakeLimits = { perAddress: { max: 20, windowSeconds: 60 }, perSite: { max: 120_000, windowSeconds: 60 } } as const;
