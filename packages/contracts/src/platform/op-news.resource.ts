import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { filterText, id, idList, optionalText, requiredText } from '../kit/fields.ts';
import { isoDateTime } from '../kit/dates.ts';
import { encodeMessage } from '../kit/messages.ts';
import { actionBody } from '../kit/jsonapi.ts';
import { richText } from '../floors.storage/rich-text.ts';

/**
 * Platform news (spec 000 §2 /platform/news, §6 op_news.create and op_news.patch, §7 op_news CRUD;
 * docs/decisions/platform-operations.md): what the provider tells the users of its admin. Written
 * by staff; every signed-in user reads the active ones meant for them on the home page.
 */
const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;

/** Who reads a news item: every user, the provider's staff only, or the users of chosen clients. */
export const NEWS_AUDIENCES = ['all', 'staff', 'clients'] as const;
export type NewsAudience = (typeof NEWS_AUDIENCES)[number];

const READ = ['op_news.create', 'op_news.patch'];

const newsFields = {
  title_ru: requiredText(255),
  title_en: optionalText(255),
  // The rich text subset of floors (a small Markdown: headings, lists, quotes, bold, italic, links).
  // News take images of the media library (contracts rich-text.ts).
  text_ru: richText(20_000, { images: true }).min(1),
  text_en: richText(20_000, { images: true }).nullable().optional(),
  active: z.boolean({ error: encodeMessage('invalid_type') }),
  publish_from: isoDateTime().nullable().optional(),
  publish_to: isoDateTime().nullable().optional(),
  audience: z.enum(NEWS_AUDIENCES, { error: encodeMessage('invalid_choice') }),
  client_ids: idList(1000),
  pinned: z.boolean({ error: encodeMessage('invalid_type') }),
};

/** The period's end after its start; chosen clients named when the audience is them. */
function checkNews(value: { publish_from?: string | null; publish_to?: string | null; audience?: NewsAudience; client_ids?: number[] }, ctx: z.RefinementCtx) {
  if (value.publish_from && value.publish_to && Date.parse(value.publish_to) <= Date.parse(value.publish_from)) {
    ctx.addIssue({ code: 'custom', path: ['publish_to'], message: encodeMessage('news_period') });
  }
  if (value.audience === 'clients' && value.client_ids !== undefined && value.client_ids.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['client_ids'], message: encodeMessage('at_least_one_client') });
  }
}

export const opNewsResource = defineResource({
  service: 'platform',
  name: 'op_news',
  entity: z.object({
    title_ru: z.string(),
    title_en: z.string().nullable(),
    text_ru: z.string(),
    text_en: z.string().nullable(),
    active: z.boolean(),
    publish_from: z.string().nullable(),
    publish_to: z.string().nullable(),
    audience: z.enum(NEWS_AUDIENCES),
    client_ids: z.array(z.number()),
    pinned: z.boolean(),
    created_by: z.number().nullable(),
    updated_by: z.number().nullable(),
    /** Who created and last changed it, by name (read-only). */
    created_by_name: z.string().nullable(),
    updated_by_name: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z
    .strictObject({
      ...newsFields,
      active: newsFields.active.default(true),
      audience: newsFields.audience.default('all'),
      client_ids: newsFields.client_ids.default([]),
      pinned: newsFields.pinned.default(false),
    })
    .superRefine(checkNews),
  update: z.strictObject(newsFields).partial().superRefine(checkNews),
  filters: {
    search: { op: 'search', columns: ['title_ru', 'title_en'], schema: filterText(), widget: 'text' },
    active: { op: 'eq', schema: z.enum(['true', 'false']).transform((v) => v === 'true'), widget: 'boolean' },
    audience: { op: 'eq', schema: z.enum(NEWS_AUDIENCES), widget: 'select', options: NEWS_AUDIENCES.map((value) => ({ value, label: `news.audiences.${value}` })) },
    client_id: { op: 'contains', columns: ['client_ids'], schema: id(), widget: 'ref', ref: clientRef },
  },
  sort: ['id', 'title_ru', 'active', 'pinned', 'publish_from', 'created_at', 'updated_at'],
  defaultSort: '-pinned,-created_at',
  pageSize: { default: 100, max: 500 },
  tenant: null,
  refs: { client_ids: clientRef },
  permissions: { list: READ, get: READ, create: ['op_news.create'], update: ['op_news.patch'], delete: ['op_news.patch'] },
  module: null,
  columns: [
    { field: 'title_ru', sortable: true, width: 300, key: true },
    { field: 'active', sortable: true, render: 'boolean', width: 120 },
    { field: 'pinned', sortable: true, render: 'boolean', width: 120 },
    { field: 'audience', render: 'tag', width: 160 },
    { field: 'publish_from', sortable: true, render: 'date', width: 170 },
    { field: 'updated_at', sortable: true, render: 'date', width: 170 },
  ],
  form: [
    { field: 'title_ru', widget: 'text' },
    { field: 'title_en', widget: 'text' },
    { field: 'text_ru', widget: 'textarea' },
    { field: 'text_en', widget: 'textarea' },
    { field: 'active', widget: 'switch' },
    { field: 'pinned', widget: 'switch' },
    { field: 'audience', widget: 'select', options: NEWS_AUDIENCES.map((value) => ({ value, label: `news.audiences.${value}` })) },
    { field: 'client_ids', widget: 'multiselect', ref: clientRef },
  ],
  screen: '/platform/news',
  label: ['title_ru'],
});

/** A news item as the home page shows it to its reader: in their language, with their read mark. */
export interface NewsFeedItem {
  id: string;
  title: string;
  text: string;
  pinned: boolean;
  published_at: string;
  read: boolean;
}

/** POST /api/v1/op_news_feed/read {ids}: the reader has read these news items. */
export const newsReadBody = actionBody(z.strictObject({ ids: idList(100).min(1, { error: encodeMessage('required') }) }));
