import { z } from 'zod';
import { defineResource, type RefDef, type ResourcePermissions } from '../kit/resource.ts';
import { id, optionalText } from '../kit/fields.ts';
import { brandRef, complectationRef, generationRef, idsFilterSchema, modelRef, restylingRef } from '../cars.catalog/catalog-fields.ts';

/** Read with stock_settings.get_list, written with stock_settings.patch (service cars.stock.sites). */
export const stockSitesPermissions: ResourcePermissions = {
  list: ['stock_settings.get_list'],
  get: ['stock_settings.get_list'],
  create: ['stock_settings.patch'],
  update: ['stock_settings.patch'],
  delete: ['stock_settings.patch'],
};
export const sitePageRef: RefDef = { service: 'sites.context', name: 'pages', label: 'uri' };

/**
 * A showroom page of a site (spec 001 §3 "showroom_page exists per restyling"): the page of the
 * site that presents a restyling (optionally one equipment, a complectation), with an external
 * reference. The body names the restyling; brand, model and generation are copied from it. One
 * per site, restyling and complectation.
 */
export const showroomPageResource = defineResource({
  service: 'cars.stock.sites',
  name: 'showroom_pages',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    brand_id: z.number(),
    model_id: z.number(),
    generation_id: z.number(),
    restyling_id: z.number(),
    complectation_id: z.number().nullable(),
    external_id: z.string().nullable(),
    page_id: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({
    site_id: id(),
    restyling_id: id(),
    complectation_id: id().nullable().optional(),
    external_id: optionalText(255),
    page_id: id(),
  }),
  update: z.strictObject({ restyling_id: id(), complectation_id: id().nullable(), external_id: optionalText(255), page_id: id() }).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    brands: { op: 'in', columns: ['brand_id'], schema: idsFilterSchema(), widget: 'ref', ref: brandRef },
    models: { op: 'in', columns: ['model_id'], schema: idsFilterSchema(), widget: 'ref', ref: modelRef },
    restylings: { op: 'in', columns: ['restyling_id'], schema: idsFilterSchema() },
  },
  sort: ['id', 'brand_id', 'model_id', 'restyling_id', 'external_id', 'created_at', 'updated_at'],
  defaultSort: 'brand_id,model_id,restyling_id',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  refs: {
    brand_id: brandRef,
    model_id: modelRef,
    generation_id: generationRef,
    restyling_id: restylingRef,
    complectation_id: complectationRef,
    page_id: sitePageRef,
  },
  permissions: stockSitesPermissions,
  columns: [
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 130 },
    { field: 'model_id', sortable: true, render: 'refs', ref: modelRef, width: 140 },
    { field: 'generation_id', render: 'refs', ref: generationRef, width: 130 },
    { field: 'restyling_id', sortable: true, render: 'refs', ref: restylingRef, width: 150 },
    { field: 'complectation_id', render: 'refs', ref: complectationRef, width: 150 },
    { field: 'page_id', render: 'refs', ref: sitePageRef, width: 200 },
    { field: 'external_id', sortable: true, width: 140 },
  ],
  form: [],
  screen: '/cars.stock.sites/showroom_pages/{siteId}',
  label: ['external_id'],
});
