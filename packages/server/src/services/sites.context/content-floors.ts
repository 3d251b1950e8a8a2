import type { DbOrTx } from '../../kit/db.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { validatePlacedFloors, type FloorPlacement } from '../floors.storage/validate-placed-floors.ts';

/**
 * The floors a template, a layout state or a page state places: floors.storage checks each
 * placement (the floor exists, is the platform's or the site client's, is enabled, and the values
 * fit its component) and answers field errors under `pointer` (…/floors/<n>/values/...).
 */
export async function checkPlacedFloors(tx: DbOrTx, auth: AuthContext, placed: FloorPlacement[] | undefined, pointer: string, clientId: number) {
  if (!placed?.length) return;
  await validatePlacedFloors(tx, auth, placed, { pointer, clientId });
}
