import { z } from 'zod';
import { defineResource, type ResourcePermissions } from '../kit/resource.ts';
import { filterText, id, idList, integer, optionalMultiLineText, requiredText } from '../kit/fields.ts';
import { STATE_ENTITY_FIELDS, STATE_STATUS } from '../kit/workflow.ts';
import { siteGroupRef } from './site.resource.ts';
import { collectionBlock, COLLECTION_TYPES, pageUri, placedFloors, seoProperties } from './content-fields.ts';

/**
 * Site content of sites.context (spec 000 §2, §3): templates, layouts and their states, pages and
 * their states. Every record belongs to a site (`site_id` in the create body, never `client_id`:
 * the machinery takes the client from the site). States follow the workflow of spec 000 §4
 * (server kit/state-workflow.ts); their workflow fields are read-only here.
 */

const placed = z.array(z.object({ floor_id: z.number(), values: z.record(z.string(), z.unknown()).optional() }));
const owned = { site_id: z.number(), client_id: z.number() };
const times = { created_at: z.string(), updated_at: z.string() };
/** The workflow fields every state answers with, read-only (STATE_ENTITY_FIELDS). */
const stateFields = Object.fromEntries(
  STATE_ENTITY_FIELDS.map((field) => [field, ['published_at', 'superseded_at', 'publish_at', 'publication_error'].includes(field) ? z.string().nullable() : z.number().nullable()]),
) as Record<(typeof STATE_ENTITY_FIELDS)[number], z.ZodNullable<z.ZodString> | z.ZodNullable<z.ZodNumber>>;

const siteFilter = { op: 'eq', schema: id() } as const;
const statusOptions = Object.values(STATE_STATUS).map((value) => ({ value, label: `states.statuses.${value}` }));
const statusFilter = { op: 'in', schema: z.string().max(20).regex(/^[123](,[123])*$/), widget: 'select', options: statusOptions } as const;

/** Pages are read with pages.get_list; layouts and templates also by page editors, who pick them. */
const pagesRead = ['pages.get_list', 'pages.patch'];
const perms = (read: string[], write: string): ResourcePermissions => ({ list: read, get: read, create: [write], update: [write], delete: [write] });

const templateFields = {
  name: requiredText(255),
  description: optionalMultiLineText(1000),
  floors: placedFloors(),
};

/** A page template (spec 000 §2 /templates): the floors a new page starts with. */
export const templateResource = defineResource({
  service: 'sites.context',
  name: 'templates',
  entity: z.object({ ...owned, name: z.string(), description: z.string().nullable(), floors: placed, origin_id: z.number().nullable(), ...times }),
  create: z.strictObject({ site_id: id(), ...templateFields, floors: templateFields.floors.optional() }),
  update: z.strictObject(templateFields).partial(),
  filters: {
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
    site_id: siteFilter,
  },
  sort: ['id', 'name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  permissions: perms(['templates.patch', ...pagesRead], 'templates.patch'),
  columns: [
    { field: 'name', sortable: true },
    { field: 'description' },
    { field: 'floors', render: 'count' },
    { field: 'updated_at', sortable: true, render: 'date' },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'description', widget: 'textarea' },
  ],
  screen: '/sites.context/sites/{siteId}/templates',
});

/** A layout of a site (header and footer floors around its pages; what they are lives in its states). */
export const layoutResource = defineResource({
  service: 'sites.context',
  name: 'layouts',
  entity: z.object({ ...owned, name: z.string(), is_default: z.boolean(), origin_id: z.number().nullable(), ...times }),
  create: z.strictObject({ site_id: id(), name: requiredText(255), is_default: z.boolean().optional() }),
  update: z.strictObject({ name: requiredText(255), is_default: z.boolean() }).partial(),
  filters: {
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
    site_id: siteFilter,
  },
  sort: ['id', 'name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  permissions: perms(['layouts.patch', ...pagesRead], 'layouts.patch'),
  columns: [
    { field: 'name', sortable: true },
    { field: 'is_default', render: 'boolean' },
    { field: 'updated_at', sortable: true, render: 'date' },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'is_default', widget: 'switch' },
  ],
  screen: '/sites.context/sites/{siteId}/layouts',
});

const layoutStateFields = {
  caption: requiredText(255),
  header_floors: placedFloors(),
  footer_floors: placedFloors(),
};

/** A state of a layout (spec 000 §3 layout_state: caption, status, header and footer floors). */
export const layoutStateResource = defineResource({
  service: 'sites.context',
  name: 'layout_states',
  entity: z.object({ layout_id: z.number(), ...owned, caption: z.string(), header_floors: placed, footer_floors: placed, ...stateFields, ...times }),
  create: z.strictObject({
    layout_id: id(),
    ...layoutStateFields,
    header_floors: layoutStateFields.header_floors.optional(),
    footer_floors: layoutStateFields.footer_floors.optional(),
  }),
  update: z.strictObject(layoutStateFields).partial(),
  filters: {
    search: { op: 'search', columns: ['caption'], schema: filterText(), widget: 'text' },
    layout_id: { op: 'eq', schema: id() },
    site_id: siteFilter,
    status: statusFilter,
  },
  sort: ['id', 'caption', 'status', 'version', 'created_at', 'updated_at'],
  defaultSort: '-id',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  permissions: perms(['layouts.patch', ...pagesRead], 'layouts.patch'),
  label: ['caption'],
  columns: [
    { field: 'caption', sortable: true },
    { field: 'status', sortable: true, render: 'tag' },
    { field: 'version', sortable: true },
    { field: 'updated_at', sortable: true, render: 'date' },
  ],
  form: [{ field: 'caption', widget: 'text' }],
  screen: '/sites.context/sites/{siteId}/layouts',
});

/**
 * A page of a site (spec 000 §3 Page: uri; site, parent, published, submitted, drafts, groups):
 * its place in the tree. `parent_id` and `position` change through the move action only (the
 * tree's drag and drop). Created in step 1 of the page creation with the caption of its first
 * draft (and the floors of the template chosen). `caption`, `published`, `submitted` and `drafts`
 * are read from its states.
 */
export const pageResource = defineResource({
  service: 'sites.context',
  name: 'pages',
  entity: z.object({
    ...owned,
    uri: z.string(),
    parent_id: z.number().nullable(),
    position: z.number(),
    layout_id: z.number().nullable(),
    template_id: z.number().nullable(),
    group_ids: z.array(z.number()),
    origin_id: z.number().nullable(),
    caption: z.string().nullable(),
    /** The published state's id (null: not on the site). */
    published: z.number().nullable(),
    /** Submitted states' ids and drafts' ids. */
    submitted: z.array(z.number()),
    drafts: z.array(z.number()),
    ...times,
  }),
  create: z.strictObject({
    site_id: id(),
    uri: pageUri(),
    caption: requiredText(255),
    parent_id: id().nullable().optional(),
    layout_id: id().nullable().optional(),
    template_id: id().nullable().optional(),
    group_ids: idList(100).optional(),
  }),
  update: z.strictObject({ uri: pageUri(), layout_id: id().nullable(), group_ids: idList(100) }).partial(),
  filters: {
    search: { op: 'search', columns: ['uri'], schema: filterText(), widget: 'text' },
    site_id: siteFilter,
    parent_id: { op: 'eq', schema: id() },
  },
  sort: ['id', 'uri', 'position', 'created_at', 'updated_at'],
  defaultSort: 'position',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { group_ids: siteGroupRef },
  permissions: perms(['pages.get_list'], 'pages.patch'),
  label: ['uri'],
  columns: [
    { field: 'uri', sortable: true },
    { field: 'caption' },
    { field: 'updated_at', sortable: true, render: 'date' },
  ],
  form: [
    { field: 'caption', widget: 'text', only: 'create' },
    { field: 'uri', widget: 'text' },
  ],
  screen: '/sites.context/sites/{siteId}/pages',
});

export const pageStateFields = {
  caption: requiredText(255),
  order: integer(0, 1_000_000),
  floors: placedFloors(),
  hide_from_menu: z.boolean(),
  menu_header_not_clickable: z.boolean(),
  active_bread_crumbs: z.boolean(),
  collection: collectionBlock.nullable(),
  seo_properties: seoProperties,
};

/** What a copy or restore of a page state takes over: its content (server content-workflows.ts). */
export const PAGE_STATE_CONTENT = Object.keys(pageStateFields);
export const LAYOUT_STATE_CONTENT = Object.keys(layoutStateFields);

/** A state of a page: every field of spec 000 §3 Page state, with the workflow of §4. */
export const pageStateResource = defineResource({
  service: 'sites.context',
  name: 'page_states',
  entity: z.object({
    page_id: z.number(),
    ...owned,
    caption: z.string(),
    order: z.number(),
    floors: placed,
    hide_from_menu: z.boolean(),
    menu_header_not_clickable: z.boolean(),
    active_bread_crumbs: z.boolean(),
    collection: z.record(z.string(), z.unknown()).nullable(),
    seo_properties: z.record(z.string(), z.unknown()),
    ...stateFields,
    ...times,
  }),
  create: z.strictObject({ page_id: id(), ...z.strictObject(pageStateFields).partial().shape, caption: pageStateFields.caption }),
  update: z.strictObject(pageStateFields).partial(),
  filters: {
    search: { op: 'search', columns: ['caption'], schema: filterText(), widget: 'text' },
    page_id: { op: 'eq', schema: id() },
    site_id: siteFilter,
    status: statusFilter,
    collection_type: { op: 'eq', columns: ['collection'], path: 'type', schema: z.enum(COLLECTION_TYPES) },
  },
  sort: ['id', 'caption', 'order', 'status', 'version', 'created_at', 'updated_at'],
  defaultSort: '-id',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  permissions: perms(['pages.get_list'], 'pages.patch'),
  label: ['caption'],
  columns: [
    { field: 'caption', sortable: true },
    { field: 'status', sortable: true, render: 'tag' },
    { field: 'version', sortable: true },
    { field: 'updated_at', sortable: true, render: 'date' },
  ],
  form: [{ field: 'caption', widget: 'text' }],
  screen: '/sites.context/sites/{siteId}/pages',
});
