import { DEFAULT_API_ROUTES, PERMISSIONS, SCREEN_ROUTES } from '@dp/contracts';
import type { Db } from '../kit/db.ts';
import { apiRoutes, permissions, screenRoutes } from '../kit/schema.ts';

/**
 * Permissions, the gateway route table and the screens registry, from contracts. Runs at every
 * start and only adds what is missing, so edits made in the admin are kept.
 */
export async function seedReferenceData(db: Db) {
  await db.insert(permissions).values(PERMISSIONS.map((p) => ({ service: p.service, code: p.code, name: p.code }))).onConflictDoNothing();
  await db
    .insert(apiRoutes)
    .values(DEFAULT_API_ROUTES.map((r) => ({ ...r, description: null })))
    .onConflictDoNothing();
  await db
    .insert(screenRoutes)
    .values(SCREEN_ROUTES.map((s) => ({ ...s, module: s.module ?? null })))
    .onConflictDoNothing();
}
