import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { validatePlacedFloors, type FloorPlacement } from '../floors.storage/validate-placed-floors.ts';
import { customForms } from '../form-constructor/form.table.ts';

/**
 * The floors a template, a layout state or a page state places: floors.storage checks each
 * placement (the floor exists, is the platform's or the site client's, is enabled, the values fit
 * its component, and a constructor form it shows is one of the site's) and answers field errors
 * under `pointer` (…/floors/<n>/values/...).
 */
export async function checkPlacedFloors(tx: DbOrTx, auth: AuthContext, placed: FloorPlacement[] | undefined, pointer: string, site: { id: number; client_id: number }) {
  if (!placed?.length) return;
  const formsOfSite = async (ids: number[]) =>
    (await tx.select({ id: customForms.id }).from(customForms).where(and(eq(customForms.site_id, site.id), inArray(customForms.id, ids)))).map((row) => row.id);
  await validatePlacedFloors(tx, auth, placed, { pointer, clientId: site.client_id, formsOfSite });
}
