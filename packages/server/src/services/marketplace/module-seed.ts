import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_API_ROUTES, MODULE_CODES, SCREEN_ROUTES, SPEC_MODULE_HANDLERS, SPEC_MODULES } from '@dp/contracts';
import type { Db } from '../../kit/db.ts';
import { apiRoutes, screenRoutes } from '../../schema.ts';
import { sites } from '../sites.context/site.table.ts';
import { moduleInstallations, modules } from './module.table.ts';
import { defaultExtraLocales } from './module-handlers.ts';

/**
 * The module codes of spec 000 §2, at every start like the permissions: only missing codes are
 * added, so a module edited in the admin keeps its edits. Names and descriptions are stored in
 * Russian (English comes from contracts, see moduleTitle).
 */
export async function seedModules(db: Db) {
  await db
    .insert(modules)
    .values(
      MODULE_CODES.map((code, index) => ({
        code,
        name: SPEC_MODULES[code].ru[0],
        description: SPEC_MODULES[code].ru[1],
        site_category: SPEC_MODULES[code].category,
        sort: (index + 1) * 10,
        locales: ['ru', 'en'],
        handlers: SPEC_MODULE_HANDLERS[code] ?? { install: [], uninstall: [] },
      })),
    )
    .onConflictDoNothing({ target: modules.code });
}

/**
 * Routes seeded before they named their module get it, so an upgrade gates them; a module set or
 * cleared in the admin (anything but null where contracts name one) is kept.
 */
export async function fillRouteModules(db: Db) {
  const api = DEFAULT_API_ROUTES.filter((route) => route.module).map((route) => sql`(${route.service}, ${route.method}, ${route.path}, ${route.module})`);
  if (api.length) {
    await db.execute(sql`
      update ${apiRoutes} r set module = v.module, updated_at = now()
      from (values ${sql.join(api, sql`, `)}) as v(service, method, path, module)
      where r.service = v.service and r.method = v.method and r.path = v.path and r.module is null`);
  }
  const screens = SCREEN_ROUTES.filter((route) => route.module).map((route) => sql`(${route.name}, ${route.module})`);
  if (screens.length) {
    await db.execute(sql`
      update ${screenRoutes} r set module = v.module, updated_at = now()
      from (values ${sql.join(screens, sql`, `)}) as v(name, module)
      where r.name = v.name and r.module is null`);
  }
}

/**
 * The demo installation: every module of the spec on every site, so that every site screen is
 * reachable in the demo; their install handlers' effect (the language list of multiple_locales: the
 * other languages) applied directly. Seed data, not a user's action: no audit entries.
 */
export async function installDemoModules(db: Db) {
  const all = await db.select({ id: modules.id }).from(modules).where(inArray(modules.code, MODULE_CODES));
  const siteRows = await db.select({ id: sites.id, locale: sites.locale }).from(sites);
  if (!all.length || !siteRows.length) return;
  await db
    .insert(moduleInstallations)
    .values(siteRows.flatMap((site) => all.map((module) => ({ site_id: site.id, module_id: module.id }))))
    .onConflictDoNothing();
  for (const site of siteRows) await db.update(sites).set({ locales: defaultExtraLocales(site.locale) }).where(eq(sites.id, site.id));
}
