import { z } from 'zod';
import { defineResource, type RefDef } from '../kit/resource.ts';
import { id, integer } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { catalogImageRef } from './brand.resource.ts';
import { bodyColorRef } from './body-color.resource.ts';
import { BRAND_READ, MODEL_READ, catalogName, catalogPermissions, complectationRef, idsFilter, nameSearch, timestampsEntity } from './catalog-fields.ts';

const bodyRef: RefDef = { service: 'cars.catalog', name: 'bodies', label: 'name' };
const marketingComplectationRefForMarkups: RefDef = { service: 'cars.catalog', name: 'marketing_complectations', label: 'name' };

/** The images of a gallery: media-library files, in the order shown (1 to 50, no repeats). */
const imageIds = () =>
  z
    .array(id())
    .min(1, { error: encodeMessage('gallery_images_required') })
    .max(50, { error: encodeMessage('max_items', { count: 50 }) })
    .refine((ids) => new Set(ids).size === ids.length, { error: encodeMessage('gallery_image_twice') });

/**
 * A marketing gallery (spec 001 §3 marketing_gallery: images; relations complectation, body,
 * body_color): the pictures a dealer site shows for a complectation in a body and a colour. The
 * name is ours (spec silent): what editors call the gallery in lists and confirmations.
 */
export const marketingGalleryResource = defineResource({
  service: 'cars.catalog',
  name: 'marketing_galleries',
  entity: z.object({
    name: z.string(),
    image_ids: z.array(z.number()),
    /** The images in order with their names and public addresses (read only, for thumbnails). */
    images: z.array(z.object({ id: z.number(), name: z.string(), url: z.string().nullable() })),
    complectation_id: z.number(),
    body_id: z.number().nullable(),
    body_color_id: z.number().nullable(),
    ...timestampsEntity,
  }),
  create: z.strictObject({ name: catalogName(), image_ids: imageIds(), complectation_id: id(), body_id: id().nullable().optional(), body_color_id: id().nullable().optional() }),
  update: z.strictObject({ name: catalogName(), image_ids: imageIds(), complectation_id: id(), body_id: id().nullable(), body_color_id: id().nullable() }).partial(),
  filters: {
    search: nameSearch,
    ids: idsFilter('id'),
    complectation_ids: idsFilter('complectation_id', complectationRef),
    body_colors: idsFilter('body_color_id', bodyColorRef),
    bodies: idsFilter('body_id', bodyRef),
  },
  sort: ['id', 'name', 'complectation_id', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  refs: { complectation_id: complectationRef, body_id: bodyRef, body_color_id: bodyColorRef, image_ids: catalogImageRef },
  permissions: catalogPermissions('marketing_galleries', MODEL_READ),
  columns: [
    { field: 'name', sortable: true, width: 220 },
    { field: 'image_ids', width: 260 },
    { field: 'complectation_id', sortable: true, render: 'refs', ref: complectationRef, width: 180 },
    { field: 'body_id', render: 'refs', ref: bodyRef, width: 140 },
    { field: 'body_color_id', render: 'refs', ref: bodyColorRef, width: 160 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'complectation_id', widget: 'select', ref: complectationRef },
    { field: 'body_id', widget: 'select', ref: bodyRef },
    { field: 'body_color_id', widget: 'select', ref: bodyColorRef },
    // The web shows the media picker here (services/cars.catalog/ColorPages.tsx).
    { field: 'image_ids', widget: 'multiselect' },
  ],
  screen: '/cars.catalog/marketing_galleries/',
});

/** Whole roubles (never a float), as the marketing complectations' prices. */
export const markupPrice = () => integer(0, 1_000_000_000);

/**
 * The price of a body colour for a marketing complectation (a body colour's markup):
 * one per pair; the colour and the complectation must be of the same brand.
 */
export const bodyColorMarkupResource = defineResource({
  service: 'cars.catalog',
  name: 'body_color_markups',
  entity: z.object({ body_color_id: z.number(), marketing_complectation_id: z.number(), price: z.number(), brand_id: z.number(), ...timestampsEntity }),
  create: z.strictObject({ body_color_id: id(), marketing_complectation_id: id(), price: markupPrice() }),
  update: z.strictObject({ price: markupPrice() }).partial(),
  filters: {
    ids: idsFilter('id'),
    brands: idsFilter('brand_id', { service: 'cars.catalog', name: 'brands', label: 'name' }),
    body_colors: idsFilter('body_color_id', bodyColorRef),
    marketing_complectations: idsFilter('marketing_complectation_id'),
  },
  sort: ['id', 'price', 'body_color_id', 'marketing_complectation_id', 'created_at', 'updated_at'],
  defaultSort: 'id',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  refs: { body_color_id: bodyColorRef, marketing_complectation_id: marketingComplectationRefForMarkups, brand_id: { service: 'cars.catalog', name: 'brands', label: 'name' } },
  label: ['price'],
  permissions: catalogPermissions('body_colors', BRAND_READ),
  columns: [
    { field: 'body_color_id', sortable: true, render: 'refs', ref: bodyColorRef, width: 200 },
    { field: 'marketing_complectation_id', sortable: true, render: 'refs', ref: marketingComplectationRefForMarkups, width: 220 },
    { field: 'brand_id', render: 'refs', ref: { service: 'cars.catalog', name: 'brands', label: 'name' }, width: 140 },
    { field: 'price', sortable: true, width: 140, render: 'money' },
  ],
  form: [
    { field: 'body_color_id', widget: 'select', ref: bodyColorRef, only: 'create' },
    { field: 'marketing_complectation_id', widget: 'select', ref: marketingComplectationRefForMarkups, only: 'create' },
    { field: 'price', widget: 'money' },
  ],
  screen: '/cars.catalog/body_colors/',
});
