import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { filterText, id, type ImportedCarChoice } from '@dp/contracts';
import type { ResourceRegistry } from '../../kit/crud-routes.ts';
import { escapeLike } from '../../kit/crud-routes.ts';
import { notFound } from '../../kit/errors.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { cars } from '../cars.stock/car.table.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { siteLabels } from '../cars.catalog/labels.routes.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';

const BASE = '/gateway/import_edit/api/v1';
const tags = ['import_edit'];
/** The choices of one answer: enough to pick a car by VIN, External ID or name. */
const CHOICES_MAX = 50;

/**
 * `GET /sites/{siteId}/imported_cars?search=`: the cars of the site an import wrote (the cars an
 * edit may be of), found by VIN, External ID, brand or model, with their current values of the
 * editable fields; and the labels the site shows (the labels an edit may put on a car).
 */
export function registerImportEditRoutes(app: FastifyInstance, registry: ResourceRegistry, db: Parameters<typeof siteLabels>[0]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${BASE}/sites/:siteId/imported_cars`,
    { schema: { tags, summary: "The site's imported cars to edit, and its labels", params: z.object({ siteId: id() }), querystring: z.object({ search: filterText().optional() }) } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const site = await siteOwnership(registry).findSite(db, auth, request.params.siteId);
      if (!site) throw notFound();
      const search = request.query.search?.trim();
      const like = search ? `%${escapeLike(search)}%` : null;
      const rows = await db
        .select({ id: cars.id, vin: cars.vin, external_id: cars.external_id, is_new: cars.is_new, brand: carBrands.name, model: carModels.name, price: cars.price, description: cars.description, photos: cars.import_image_ids, labels: cars.label_ids })
        .from(cars)
        .leftJoin(carBrands, eq(carBrands.id, cars.brand_id))
        .leftJoin(carModels, eq(carModels.id, cars.model_id))
        .where(
          and(
            eq(cars.site_id, site.id),
            sql`exists (select 1 from import_car_reports r where r.site_id = ${site.id} and r.car_id = ${cars.id})`,
            like ? or(ilike(cars.vin, like), ilike(cars.external_id, like), ilike(carBrands.name, like), ilike(carModels.name, like)) : undefined,
          ),
        )
        .orderBy(desc(cars.updated_at), desc(cars.id))
        .limit(CHOICES_MAX);
      const labels = (await siteLabels(db, site.id)).filter((label) => !label.hide).map((label) => ({ id: label.id, name: label.name, name_ru: label.name_ru ?? null, name_en: label.name_en ?? null, background: label.background }));
      return { data: rows.map((row) => ({ id: String(row.id), type: 'imported_cars', attributes: row satisfies ImportedCarChoice })), meta: { labels } };
    },
  );
}
