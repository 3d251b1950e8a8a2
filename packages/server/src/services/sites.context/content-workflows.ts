import { eq } from 'drizzle-orm';
import { LAYOUT_STATE_CONTENT, PAGE_STATE_CONTENT, layoutStateResource, pageStateResource, type PermissionMap } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { runScheduledPublication, WorkflowRegistry, type WorkflowDef } from '../../kit/state-workflow.ts';
import { loadEffectivePermissions } from '../clients.storage/effective-permissions.ts';
import { users } from '../clients.storage/user.table.ts';
import { layouts, layoutStates, pages, pageStates } from './content.table.ts';
import { assertNoOrigin } from './content-rules.ts';
import { markSiteContentChanged } from './mark-site-content-changed.ts';
import { sites } from './site.table.ts';

/** Whether a site publishes strictly (spec 000 §2 site settings: strict publishing). */
export async function isStrictSite(tx: DbOrTx, siteId: number): Promise<boolean> {
  const [site] = await tx.select({ strict: sites.strict_publishing }).from(sites).where(eq(sites.id, siteId)).limit(1);
  return site?.strict ?? false;
}

const onPublicationChange = (tx: DbOrTx, state: Record<string, unknown>) => markSiteContentChanged(tx, state.site_id as number);

/** The states of a page (spec 000 §3 Page state). A page copied from an official master is read-only. */
export const pageStatesWorkflow: WorkflowDef = {
  resource: pageStateResource,
  states: pageStates,
  owner: pageStates.page_id,
  contentFields: PAGE_STATE_CONTENT,
  publishPermission: 'pages.publish',
  isStrict: (tx, state) => isStrictSite(tx, state.site_id as number),
  onPublicationChange,
  async assertOwnerEditable(tx, state) {
    const [page] = await tx.select({ origin_id: pages.origin_id }).from(pages).where(eq(pages.id, state.page_id as number)).limit(1);
    assertNoOrigin(page);
  },
};

/** The states of a layout (caption, header and footer floors). */
export const layoutStatesWorkflow: WorkflowDef = {
  resource: layoutStateResource,
  states: layoutStates,
  owner: layoutStates.layout_id,
  contentFields: LAYOUT_STATE_CONTENT,
  publishPermission: 'layouts.publish',
  isStrict: (tx, state) => isStrictSite(tx, state.site_id as number),
  onPublicationChange,
  async assertOwnerEditable(tx, state) {
    const [layout] = await tx.select({ origin_id: layouts.origin_id }).from(layouts).where(eq(layouts.id, state.layout_id as number)).limit(1);
    assertNoOrigin(layout);
  },
};

/**
 * Every workflow whose states may be published by time: the publication job finds its def here.
 * content.storage adds the stage states' def (`workflows.add`).
 */
export const workflows = new WorkflowRegistry();
workflows.add(pageStatesWorkflow);
workflows.add(layoutStatesWorkflow);

/** The permissions of the person who scheduled a publication, as they are now (none once deactivated). */
async function permissionsNow(db: DbOrTx, userId: number): Promise<PermissionMap> {
  const [user] = await db.select({ active: users.active }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.active ? loadEffectivePermissions(db, userId) : {};
}

/** The handler of PUBLISH_STATE_JOB (declared by its service, run by services.ts jobHandlers). */
export const publishStateJob = (ctx: ServiceContext) => (data: Parameters<typeof runScheduledPublication>[2]) =>
  runScheduledPublication(ctx, workflows, data, permissionsNow);
