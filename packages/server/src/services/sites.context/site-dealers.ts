import type { Row } from '../../kit/crud-routes.ts';
import { assertDealersOfClient } from '../dealerships/dealers-of-client.ts';
import { AppError } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import { eq } from 'drizzle-orm';
import { actionPointer } from './site-rules.ts';
import { sites } from './site.table.ts';
import type { TransitionContext } from './site-transitions.ts';

/**
 * The dealerships a site shows, in display order (spec 000 §7: dealers append and remove,
 * display_priority), and its extra languages (locales). Dealers must be the site's client's.
 */
async function setList(ctx: TransitionContext, site: Row, field: 'dealer_ids' | 'locales', action: string, next: unknown[]) {
  const before = site[field] as unknown[];
  if (JSON.stringify(before) === JSON.stringify(next)) return site;
  const [fresh] = await ctx.tx.update(sites).set({ [field]: next, updated_at: new Date() }).where(eq(sites.id, site.id)).returning();
  await recordAudit(ctx.tx, ctx.auth, {
    action,
    service: 'sites.context',
    resource: 'sites',
    recordId: site.id,
    changes: { [field]: [before, next] },
    clientId: site.client_id as number,
    ip: ctx.ip,
  });
  return fresh as unknown as Row;
}

/** Appends dealers at the end of the list (those already there keep their place). */
export async function appendDealers(ctx: TransitionContext, site: Row, ids: number[]) {
  await assertDealersOfClient(ctx.tx, site.client_id as number, ids, actionPointer('dealer_ids'));
  const current = site.dealer_ids as number[];
  return setList(ctx, site, 'dealer_ids', 'append_dealers', [...current, ...[...new Set(ids)].filter((id) => !current.includes(id))]);
}

export async function removeDealers(ctx: TransitionContext, site: Row, ids: number[]) {
  return setList(ctx, site, 'dealer_ids', 'remove_dealers', (site.dealer_ids as number[]).filter((id) => !ids.includes(id)));
}

/** Display priority: the same dealers in a new order (a permutation of the current list). */
export async function reorderDealers(ctx: TransitionContext, site: Row, ids: number[]) {
  const current = [...(site.dealer_ids as number[])].sort((a, b) => a - b);
  const given = [...ids].sort((a, b) => a - b);
  if (JSON.stringify(current) !== JSON.stringify(given)) throw new AppError(400, 'display_priority_permutation', undefined, actionPointer('dealer_ids'));
  return setList(ctx, site, 'dealer_ids', 'display_priority', ids);
}

/** The site's extra languages, in the order given, without repeats (the multiple_locales module). */
export async function setSiteLocales(ctx: TransitionContext, site: Row, locales: string[]) {
  return setList(ctx, site, 'locales', 'locales', [...new Set(locales)]);
}
