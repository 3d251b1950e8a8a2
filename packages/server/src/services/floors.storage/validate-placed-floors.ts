import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { findComponent } from '@dp/contracts';
import { AppError, fieldErrors, MAX_ERRORS } from '../../kit/errors.ts';
import type { DbOrTx } from '../../kit/db.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { floors } from './floor.table.ts';
import { floorValueErrors } from './floor-values.ts';

/** A floor as a page, a layout or a template places it (sites.context content.table.ts PlacedFloor). */
export interface FloorPlacement {
  floor_id: number;
  /** Values for this place, over the floor's own (a shallow merge: a given key replaces the floor's). */
  values?: Record<string, unknown>;
}

export interface PlacementOptions {
  /** Where the list is in the body: `/data/attributes/floors` (a layout state: header_floors …). */
  pointer?: string;
  /**
   * The client of the site the floors go to: only platform floors and that client's own may be
   * placed there (staff reach every floor, but a client's floor never shows on another's site).
   */
  clientId?: number | null;
  /**
   * The ids among `ids` that are constructor forms of the site the floors go to: a field whose
   * value is a site's form (`source: 'site_forms'`) must name one of them.
   */
  formsOfSite?: (ids: number[]) => Promise<number[]>;
}

/** The values of a placement's `site_forms` fields (the placement's over the floor's), with where each is. */
function siteFormValues(component: string, values: Record<string, unknown>, at: string) {
  const fields = findComponent(component)?.fields.filter((field) => field.source === 'site_forms') ?? [];
  return fields.flatMap((field) => (typeof values[field.name] === 'number' ? [{ id: values[field.name] as number, pointer: `${at}/values/${field.name}` }] : []));
}

/**
 * The check the states of pages, layouts and templates run before saving their floors: each placed
 * floor exists and is reachable by the caller (and belongs to the platform or the site's client),
 * is enabled, and its values (the floor's own, overridden by the placement's) fit its component.
 * Every problem is a 400 field error under `pointer`; nothing is returned when all fit. A floor out
 * of reach answers like a missing one, so another client's floors stay unseen.
 */
export async function validatePlacedFloors(tx: DbOrTx, auth: Pick<AuthContext, 'scope'>, placed: readonly FloorPlacement[], options: PlacementOptions = {}): Promise<void> {
  const pointer = options.pointer ?? '/data/attributes/floors';
  const ids = [...new Set(placed.map((entry) => entry.floor_id))];
  if (!ids.length) return;
  const reach = auth.scope === 'all' ? undefined : auth.scope.length ? or(isNull(floors.client_id), inArray(floors.client_id, auth.scope)) : isNull(floors.client_id);
  const owner = options.clientId === undefined ? undefined : options.clientId === null ? isNull(floors.client_id) : or(isNull(floors.client_id), eq(floors.client_id, options.clientId));
  const found = await tx.select().from(floors).where(and(inArray(floors.id, ids), reach, owner));
  const byId = new Map(found.map((floor) => [floor.id, floor]));
  const errors: AppError[] = [];
  const forms: { id: number; pointer: string }[] = [];
  placed.forEach((entry, index) => {
    const at = `${pointer}/${index}`;
    const floor = byId.get(entry.floor_id);
    if (!floor) errors.push(new AppError(400, 'invalid_reference', { id: entry.floor_id }, `${at}/floor_id`));
    else if (!floor.enabled) errors.push(new AppError(400, 'floor_disabled', { code: floor.code }, `${at}/floor_id`));
    else {
      const values = { ...floor.values, ...(entry.values ?? {}) };
      errors.push(...floorValueErrors(floor.component, values, { component: `${at}/floor_id`, values: `${at}/values` }));
      forms.push(...siteFormValues(floor.component, values, at));
    }
  });
  if (!errors.length && forms.length && options.formsOfSite) {
    const ofSite = new Set(await options.formsOfSite([...new Set(forms.map((form) => form.id))]));
    for (const form of forms) if (!ofSite.has(form.id)) errors.push(new AppError(400, 'form_not_found', {}, form.pointer));
  }
  if (errors.length) throw fieldErrors(errors.slice(0, MAX_ERRORS));
}
