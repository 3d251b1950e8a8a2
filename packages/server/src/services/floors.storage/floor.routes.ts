import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { floorResource, id } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { findScoped, type ResourceRegistry, type Row } from '../../kit/crud-routes.ts';
import { recordAudit } from '../../kit/audit.ts';
import { forbidden } from '../../kit/errors.ts';
import { toRecord } from '../../kit/jsonapi.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { searchSitesByFloor } from '../sites.context/search-sites-by-floor.ts';
import { assertFloorEditable } from './floor.hooks.ts';
import { floors } from './floor.table.ts';

const ATTRIBUTES = Object.keys(floorResource.entity.shape);
const idParams = z.object({ id: id() });

/**
 * Floors' actions beside the declared resource: enable and disable (spec 000 §4, confirmed in the
 * web), and sites.context's search of the sites that place a floor (spec 000 §7 search_by_floor).
 */
export function registerFloorRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const binding = registry.get(floorResource);

  for (const action of ['enable', 'disable'] as const) {
    r.post(
      `/gateway/floors.storage/api/v1/floors/:id/${action}`,
      { schema: { tags: ['floors.storage'], summary: `${action === 'enable' ? 'Enable' : 'Disable'} a floor`, params: idParams } },
      async (request) => {
        const auth = requireAuth(request.auth);
        const row = await ctx.db.transaction(async (tx) => {
          const floor = await findScoped(tx, binding, request.params.id, auth);
          // A platform floor is the platform's: only staff switch it (as they change it).
          if (floor.client_id == null && auth.scope !== 'all') throw forbidden();
          assertFloorEditable(auth, floor);
          const enabled = action === 'enable';
          // Already so: nothing to change, nothing to record.
          if (floor.enabled === enabled) return floor;
          const [fresh] = await tx.update(floors).set({ enabled, updated_at: new Date() }).where(eq(floors.id, floor.id)).returning();
          await recordAudit(tx, auth, {
            action,
            service: 'floors.storage',
            resource: 'floors',
            recordId: floor.id,
            changes: { enabled: [floor.enabled, enabled] },
            clientId: (floor.client_id as number | null) ?? null,
            ip: request.ip,
          });
          return fresh as unknown as Row;
        });
        return { data: toRecord('floors', row, ATTRIBUTES) };
      },
    );
  }

  r.get(
    '/gateway/sites.context/api/v1/sites/search_by_floor',
    { schema: { tags: ['sites.context'], summary: 'The sites whose pages, layouts or templates place a floor', querystring: z.strictObject({ floor_id: id() }) } },
    async (request) => {
      const auth = requireAuth(request.auth);
      // The floor must be one the caller sees (a platform floor or one of its clients'): 404 otherwise.
      await findScoped(ctx.db, binding, request.query.floor_id, auth);
      const found = await searchSitesByFloor(ctx.db, auth.scope, request.query.floor_id);
      return { data: found.map(({ site_id, ...site }) => ({ id: String(site_id), type: 'sites', attributes: site })) };
    },
  );
}
