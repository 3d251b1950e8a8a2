import { and, eq, inArray, ne } from 'drizzle-orm';
import type { ResourceHooks } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { vinAllowedClients, vinProfiles } from './vin.table.ts';

type Attrs = Record<string, unknown>;

/**
 * Rules of cars.vins beyond the machinery (docs/decisions/vin-data.md, "Who writes and who reads a
 * VIN record?"): VIN data is the platform's (staff write it); a caller who is not staff reads it
 * only when a client it works for is allowed to use VIN data; a client has one profile per brand
 * and type; only staff allow clients.
 */

/** Whether one of the caller's clients is allowed to use VIN data (staff always are). */
export async function mayUseVinData(db: DbOrTx, auth: Pick<AuthContext, 'scope'>): Promise<boolean> {
  if (auth.scope === 'all') return true;
  if (!auth.scope.length) return false;
  const [allowed] = await db
    .select({ id: vinAllowedClients.id })
    .from(vinAllowedClients)
    .where(and(inArray(vinAllowedClients.client_id, auth.scope), eq(vinAllowedClients.is_allowed, true)))
    .limit(1);
  return Boolean(allowed);
}

export async function assertMayUseVinData(db: DbOrTx, auth: Pick<AuthContext, 'scope'>) {
  if (!(await mayUseVinData(db, auth))) throw new AppError(403, 'vin_data_not_allowed');
}

/** The fields whose change is a change of the car's data (last_update_date follows them). */
const DATA_FIELDS = ['production_number', 'vin', 'brand_id', 'marketing_complectation_code', 'body_color_code', 'upholstery_code', 'option_codes', 'gross_price', 'local_package'];
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const vinDataHooks: ResourceHooks = {
  beforeRead: ({ db, auth }) => assertMayUseVinData(db, auth),
  beforeUpdate(attrs, { existing }) {
    const changed = DATA_FIELDS.some((field) => attrs[field] !== undefined && !same(attrs[field], existing[field]));
    return changed ? { ...attrs, last_update_date: new Date() } : attrs;
  },
};

/** One profile per client, brand and type: a clear 409 instead of the unique index's error. */
async function assertProfileFree(tx: DbOrTx, attrs: Attrs, exceptId?: number) {
  const [taken] = await tx
    .select({ id: vinProfiles.id })
    .from(vinProfiles)
    .where(
      and(
        eq(vinProfiles.client_id, Number(attrs.client_id)),
        eq(vinProfiles.brand_id, Number(attrs.brand_id)),
        eq(vinProfiles.auto_type, String(attrs.auto_type)),
        exceptId === undefined ? undefined : ne(vinProfiles.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw new AppError(409, 'vin_profile_taken', undefined, '/data/attributes/brand_id');
}

export const vinProfileHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    await assertProfileFree(tx, attrs);
    return attrs;
  },
  async beforeUpdate(attrs, { tx, existing }) {
    await assertProfileFree(tx, { ...existing, ...attrs }, existing.id);
    return attrs;
  },
};

/** Allowing a client VIN data is a grant: only platform staff give or take it. */
const staffOnly = (auth: AuthContext) => {
  if (auth.scope !== 'all') throw new AppError(403, 'vin_clients_staff_only');
};

export const vinAllowedClientHooks: ResourceHooks = {
  beforeCreate(attrs, { auth }) {
    staffOnly(auth);
    return attrs;
  },
  beforeUpdate(attrs, { auth }) {
    staffOnly(auth);
    return attrs;
  },
  beforeDelete({ auth }) {
    staffOnly(auth);
  },
};
