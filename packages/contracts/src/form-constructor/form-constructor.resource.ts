import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { filterText, id, rawText } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { COLOR_SCHEMES } from '../render/dictionaries.ts';
import { customFormCreate, customFormEntity, customFormUpdate } from './custom-form.ts';

/**
 * The resources of the form constructor (spec 002 §3, §7): a site's custom forms, and the guard of
 * the forms' requests: the site's captcha settings and its smart captcha keys. All under
 * `/gateway/form-constructor/api/v1/...` with the constructor's codes (docs/decisions/forms.md,
 * "What is a form, and how is it checked?"; docs/decisions/captcha.md, "How is the smart captcha
 * configured?").
 */
const READ = ['form_constructor.get_list'];
export const customFormResource = defineResource({
  service: 'form-constructor',
  name: 'custom_forms',
  entity: customFormEntity,
  create: customFormCreate,
  update: customFormUpdate,
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['title'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'title', 'created_at', 'updated_at'],
  defaultSort: '-updated_at',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  permissions: { list: READ, get: READ, create: ['form_constructor.create'], update: ['form_constructor.edit'], delete: ['form_constructor.edit'] },
  columns: [
    { field: 'title', sortable: true, width: 320 },
    { field: 'created_at', sortable: true, render: 'date', width: 170 },
    { field: 'updated_at', sortable: true, render: 'date', width: 170 },
  ],
  form: [{ field: 'title', widget: 'text' }],
  screen: '/form-constructor/{siteId}',
  label: ['title'],
});

/** How a site's forms prove a visitor is no robot: the proof of work (no outside service) or the smart captcha. */
export const CAPTCHA_KINDS = ['proof_of_work', 'smart_captcha'] as const;
export type CaptchaKind = (typeof CAPTCHA_KINDS)[number];
const CAPTCHA_READ = READ;
const CAPTCHA_WRITE = ['form_constructor.edit'];
const kindOptions = CAPTCHA_KINDS.map((value) => ({ value, label: `captcha_settings.kinds.${value}` }));

export const captchaSettingsResource = defineResource({
  service: 'form-constructor',
  name: 'captcha_settings',
  module: 'captcha',
  entity: z.object({ site_id: z.number(), client_id: z.number(), kind: z.enum(CAPTCHA_KINDS), created_at: z.string(), updated_at: z.string() }),
  create: z.strictObject({ site_id: id(), kind: z.enum(CAPTCHA_KINDS, { error: encodeMessage('invalid_choice') }) }),
  update: z.strictObject({ kind: z.enum(CAPTCHA_KINDS, { error: encodeMessage('invalid_choice') }) }).partial(),
  filters: { site_id: { op: 'eq', schema: id() } },
  sort: ['id', 'created_at', 'updated_at'],
  defaultSort: 'id',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  unique: ['site_id'],
  permissions: { list: CAPTCHA_READ, get: CAPTCHA_READ, create: CAPTCHA_WRITE, update: CAPTCHA_WRITE, delete: CAPTCHA_WRITE },
  columns: [
    { field: 'kind', render: 'tag', width: 220 },
    { field: 'updated_at', render: 'date', width: 170 },
  ],
  form: [{ field: 'kind', widget: 'select', options: kindOptions }],
  screen: '/widgets/captcha/{siteId}/',
  label: ['kind'],
});

/** Spec 002 §5, §9: a smart captcha token has at most 200 characters. */
export const SMART_CAPTCHA_TOKEN_MAX = 200;
const token = () => rawText(SMART_CAPTCHA_TOKEN_MAX).regex(/^\S+$/, { error: encodeMessage('smart_captcha_token_format') });
const colorScheme = () => z.enum(COLOR_SCHEMES.map((scheme) => scheme.code) as [string, ...string[]], { error: (issue) => encodeMessage(issue.input == null ? 'required' : 'invalid_choice') });
/** The screens name the schemes from COLOR_SCHEMES (both languages there): the option's label is its code. */
const schemeOptions = COLOR_SCHEMES.map((scheme) => ({ value: scheme.code, label: scheme.code }));

/**
 * A smart captcha key of a site (spec 002 §3): the colour scheme it is for (one key per scheme),
 * the client token (public: the site's widget shows it) and the secret token the server checks
 * answers with (write-only: kept encrypted, never answered; `has_secret` says it is there).
 */
export const smartCaptchaKeyResource = defineResource({
  service: 'form-constructor',
  name: 'smart_captcha_keys',
  module: 'captcha',
  entity: z.object({ site_id: z.number(), client_id: z.number(), color_scheme: z.string(), client_token: z.string(), has_secret: z.boolean(), created_at: z.string(), updated_at: z.string() }),
  create: z.strictObject({ site_id: id(), color_scheme: colorScheme(), client_token: token(), secret_token: token() }),
  update: z.strictObject({ color_scheme: colorScheme(), client_token: token(), secret_token: token() }).partial(),
  filters: { site_id: { op: 'eq', schema: id() } },
  sort: ['id', 'color_scheme', 'created_at', 'updated_at'],
  defaultSort: 'color_scheme',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  permissions: { list: CAPTCHA_READ, get: CAPTCHA_READ, create: CAPTCHA_WRITE, update: CAPTCHA_WRITE, delete: CAPTCHA_WRITE },
  columns: [
    { field: 'color_scheme', sortable: true, width: 200 },
    { field: 'client_token', width: 320 },
    { field: 'has_secret', render: 'boolean', width: 140 },
    { field: 'updated_at', sortable: true, render: 'date', width: 170 },
  ],
  form: [
    { field: 'color_scheme', widget: 'select', options: schemeOptions },
    { field: 'client_token', widget: 'text' },
    { field: 'secret_token', widget: 'password' },
  ],
  screen: '/smartchaptcha/table/{siteId}/',
  label: ['color_scheme'],
});
