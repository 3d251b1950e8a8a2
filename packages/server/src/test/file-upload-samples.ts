import { asc, eq, isNotNull } from 'drizzle-orm';
import { sites } from '../schema.ts';
import { importSettings } from '../services/cars.import/import.table.ts';
import { catalogChain, departmentFor } from './resource-samples.ts';
import type { TestApp } from './test-app.ts';

/**
 * How the hostile-file suite (hostile-files.test.ts) reaches each upload route a reader reads
 * (`untrustedUpload` in its config): the values of the route's path parameters, made on the demo
 * data (its sites have every module installed). The first pattern that matches `METHOD /url`
 * applies; a new upload route without one fails the suite with its name, so it is added here.
 */
type PathValues = (t: TestApp) => Promise<Record<string, number | string>>;

/** The first demo site (a real host, every module installed) and its client. */
async function demoSite(t: TestApp) {
  const [site] = await t.database.db.select({ id: sites.id, client_id: sites.client_id }).from(sites).where(isNotNull(sites.host)).orderBy(asc(sites.id)).limit(1);
  if (!site) throw new Error('the hostile-file suite needs the demo data');
  return site;
}

export const UPLOAD_SAMPLES: [RegExp, PathValues][] = [
  // cars.catalog: body colours, prices, upholsteries, and a restyling's marketing imports.
  [/^POST \/gateway\/cars\.catalog\/api\/v1\/import\//, async (t) => ({ restylingId: (await catalogChain(t)).restyling })],
  // cars.vins: VIN data.
  [/^POST \/gateway\/cars\.vins\/api\/v1\/import\/vin_data/, async () => ({})],
  // dealerships: a department's employees.
  [/^POST \/gateway\/dealerships\/api\/v1\/departments\/:id\/import_employees/, async (t) => ({ id: await departmentFor(t, (await demoSite(t)).client_id) })],
  // benefits: discounts of the caller's client, a CSV file by the path (an XLSX is told by its bytes and refused after it is read).
  [/^POST \/gateway\/benefits\/api\/v1\/import\/discounts\/:kind/, async () => ({ kind: 'csv' })],
  // seo: a site's redirects.
  [/^POST \/gateway\/seo\/api\/v1\/sites\/:siteId\/import_redirects/, async (t) => ({ siteId: (await demoSite(t)).id })],
  // accessories.showroom: a YML file checked before it goes into a site's settings.
  [/^POST \/gateway\/accessories\.showroom\/api\/v1\/accessories\/import\/check_file$/, async () => ({})],
  // cars.import: a feed file of the demo site's import settings (the import's job reads it).
  [
    /^POST \/gateway\/cars\.import\/api\/v1\/import\/:id\/manual$/,
    async (t) => {
      const site = await demoSite(t);
      await t.database.db.insert(importSettings).values({ site_id: site.id, client_id: site.client_id }).onConflictDoNothing();
      // No profile (the format is told from each file's bytes), no auto import (no typed phrase to start).
      const [settings] = await t.database.db.update(importSettings).set({ profile_id: null, auto_import_hours: null, files: [] }).where(eq(importSettings.site_id, site.id)).returning({ id: importSettings.id });
      return { id: settings!.id };
    },
  ],
];

/** The path values of a route, or null when no sample matches it. */
export function uploadSampleFor(method: string, url: string): PathValues | null {
  return UPLOAD_SAMPLES.find(([pattern]) => pattern.test(`${method} ${url}`))?.[1] ?? null;
}
