import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, fieldErrors } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { countSitesPlacingFloor } from '../sites.context/search-sites-by-floor.ts';
import { floors } from './floor.table.ts';
import { floorValueErrors } from './floor-values.ts';

const isStaff = (auth: Pick<AuthContext, 'scope'>) => auth.scope === 'all';
const POINTERS = { component: '/data/attributes/component', values: '/data/attributes/values' };

/**
 * A floor's code is unique among the floors a client sees (spec 000 §5 "unique"): a client's floor
 * may not take a code of its own floors nor of the platform's; a platform floor may not take any
 * code in use. 409 on the code field (spec 000 §8 "duplicate id").
 */
export async function assertFloorCodeFree(tx: DbOrTx, code: string, clientId: number | null, exceptId?: number) {
  const owners = clientId === null ? undefined : or(isNull(floors.client_id), eq(floors.client_id, clientId));
  const [taken] = await tx
    .select({ id: floors.id })
    .from(floors)
    .where(and(eq(floors.code, code), owners, exceptId ? ne(floors.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, 'floor_code_taken', { code }, '/data/attributes/code');
}

/** Official floors (spec 000 §4 "official floors cannot be edited") are staff's only. */
export function assertFloorEditable(auth: Pick<AuthContext, 'scope'>, floor: Row) {
  if (floor.official && !isStaff(auth)) throw new AppError(403, 'floor_official_read_only');
}

function assertValues(component: string, values: unknown) {
  const errors = floorValueErrors(component, values, POINTERS);
  if (errors.length) throw fieldErrors(errors);
}

/**
 * Floors beside the machinery's tenancy (platform floors are staff's, a client's floor its
 * users'): official floors and the official mark are staff's, codes unique, values fit the
 * component, and a floor placed on some site's page, layout or template is not deleted.
 */
export const floorHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx, auth }) {
    if (attrs.official === true && !isStaff(auth)) throw new AppError(403, 'floor_official_staff_only');
    assertValues(String(attrs.component), attrs.values ?? {});
    await assertFloorCodeFree(tx, String(attrs.code), (attrs.client_id as number | null | undefined) ?? null);
    return attrs;
  },
  async beforeUpdate(attrs, { tx, auth, existing }) {
    assertFloorEditable(auth, existing);
    if (attrs.official !== undefined && attrs.official !== existing.official && !isStaff(auth)) throw new AppError(403, 'floor_official_staff_only');
    if (attrs.component !== undefined || attrs.values !== undefined) {
      assertValues(String(attrs.component ?? existing.component), attrs.values ?? existing.values);
    }
    if (attrs.code !== undefined && attrs.code !== existing.code) await assertFloorCodeFree(tx, String(attrs.code), existing.client_id as number | null, existing.id);
    return attrs;
  },
  async beforeDelete({ tx, auth, existing }) {
    assertFloorEditable(auth, existing);
    const count = await countSitesPlacingFloor(tx, existing.id);
    if (count > 0) throw new AppError(409, 'floor_in_use', { count });
  },
};
