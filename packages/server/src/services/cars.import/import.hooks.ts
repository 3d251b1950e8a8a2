import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import { badRequest } from '../../kit/errors.ts';
import { dealersOfClient } from '../dealerships/dealers-of-client.ts';
import { importProfiles } from './import.table.ts';

type Attrs = Record<string, unknown>;
const given = (value: unknown) => value !== undefined && value !== null;

/**
 * The settings' references must be the site's client's: a profile assigned to that client (a
 * profile without clients is everyone's) and a dealer of that client.
 */
export async function checkSettingsRefs(tx: DbOrTx, attrs: Attrs, clientId: number) {
  if (given(attrs.profile_id)) {
    const [profile] = await tx.select({ client_ids: importProfiles.client_ids }).from(importProfiles).where(eq(importProfiles.id, attrs.profile_id as number)).limit(1);
    if (!profile || (profile.client_ids.length > 0 && !profile.client_ids.includes(clientId))) throw badRequest('import_profile_not_allowed', '/data/attributes/profile_id');
  }
  if (given(attrs.default_dealer_id)) {
    const [dealer] = await dealersOfClient(tx, clientId, [attrs.default_dealer_id as number]);
    if (!dealer) throw badRequest('import_dealer_mismatch', '/data/attributes/default_dealer_id');
  }
}

export const importSettingsHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    await checkSettingsRefs(tx, attrs, attrs.client_id as number);
    return attrs;
  },
  async beforeUpdate(attrs, { tx, existing }: { tx: DbOrTx; existing: Row }) {
    await checkSettingsRefs(tx, attrs, existing.client_id as number);
    return attrs;
  },
};
