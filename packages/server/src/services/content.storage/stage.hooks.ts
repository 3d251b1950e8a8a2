import { and, eq, inArray } from 'drizzle-orm';
import { STATE_STATUS, stageResource } from '@dp/contracts';
import { recordAudit, snapshot } from '../../kit/audit.ts';
import { scopeCondition, type ResourceHooks, type ResourceRegistry, type Row, type WriteContext } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { workflowHooks } from '../../kit/state-workflow.ts';
import { markSiteContentChanged } from '../sites.context/mark-site-content-changed.ts';
import { assertPagesOfSite, resolveStageImages, resolveStageVideo } from './resolve-stage-content.ts';
import { stages, stageStates } from './stage.table.ts';

type Attrs = Record<string, unknown>;

/** The site of a stage the caller reaches (the `parent` of stage states); null otherwise. */
export function stageSite(registry: () => ResourceRegistry) {
  return async (tx: DbOrTx, auth: Parameters<typeof scopeCondition>[1], id: number) => {
    if (!Number.isInteger(id)) return null;
    const [row] = await tx
      .select({ site_id: stages.site_id })
      .from(stages)
      .where(and(eq(stages.id, id), scopeCondition(registry().get(stageResource), auth)))
      .limit(1);
    return row?.site_id ?? null;
  };
}

/** What the stages list shows of each stage, read from its states. */
async function summarize(db: DbOrTx, rows: Row[]) {
  const ids = rows.map((row) => row.id);
  const states = ids.length
    ? await db
        .select({ id: stageStates.id, stage_id: stageStates.stage_id, status: stageStates.status, superseded_at: stageStates.superseded_at, order: stageStates.order, publish_at: stageStates.publish_at })
        .from(stageStates)
        .where(inArray(stageStates.stage_id, ids))
        .orderBy(stageStates.id)
    : [];
  for (const row of rows) {
    const own = states.filter((state) => state.stage_id === row.id);
    const published = own.find((state) => state.status === STATE_STATUS.published && !state.superseded_at) ?? null;
    const scheduled = own.map((state) => state.publish_at).filter((at): at is Date => !!at).sort((a, b) => a.getTime() - b.getTime());
    row.published = published?.id ?? null;
    row.order = (published ?? own.at(-1))?.order ?? null;
    row.drafts = own.filter((state) => state.status === STATE_STATUS.draft).map((state) => state.id);
    row.submitted = own.filter((state) => state.status === STATE_STATUS.submitted).map((state) => state.id);
    row.publish_at = scheduled[0]?.toISOString() ?? null;
  }
}

/**
 * Stages: a new stage gets its first draft, named like it; taking a stage with a published state
 * off the site tells the renderer the site changed.
 */
export const stageHooks: ResourceHooks = {
  async afterWrite(row, ctx) {
    // The answer to a create or change carries the summary as a read does.
    if (ctx.existing) return summarize(ctx.tx, [row]);
    const [state] = await ctx.tx
      .insert(stageStates)
      .values({ stage_id: row.id, site_id: row.site_id as number, client_id: row.client_id as number, name: row.name as string, status: STATE_STATUS.draft, created_by: ctx.auth.userId })
      .returning();
    await recordAudit(ctx.tx, ctx.auth, {
      action: 'create',
      service: 'content.storage',
      resource: 'stage_states',
      recordId: state!.id,
      changes: snapshot(state as unknown as Attrs, ['stage_id', 'site_id', 'name', 'status']),
      clientId: row.client_id as number,
      ip: ctx.request.ip,
    });
    await summarize(ctx.tx, [row]);
  },
  decorate: (rows, { db }) => summarize(db, rows),
  async beforeDelete({ tx, existing }) {
    const [published] = await tx
      .select({ id: stageStates.id })
      .from(stageStates)
      .where(and(eq(stageStates.stage_id, existing.id), eq(stageStates.status, STATE_STATUS.published)))
      .limit(1);
    if (published) await markSiteContentChanged(tx, existing.site_id as number);
  },
};

/** Images, the video and personalization pages of a write, resolved against the library and the site. */
async function resolveContent(attrs: Attrs, ctx: WriteContext, site: { id: number; client_id: number }, existing?: Row): Promise<Attrs> {
  const next = { ...attrs };
  if (attrs.images !== undefined || !existing) {
    next.images = await resolveStageImages(ctx.tx, ctx.auth, site, (attrs.images ?? {}) as never, (existing?.images ?? null) as never, ctx.request.lang);
  }
  if (attrs.video !== undefined) next.video = await resolveStageVideo(ctx.tx, ctx.auth, site, attrs.video as never, (existing?.video ?? null) as never);
  if (attrs.personalization_page_ids !== undefined) await assertPagesOfSite(ctx.tx, site.id, attrs.personalization_page_ids as number[]);
  return next;
}

/** Stage states: drafts only change or go (the kit), their media and pages checked. */
export function stageStateHooks(): ResourceHooks {
  const kit = workflowHooks(stageStates);
  return {
    async beforeCreate(attrs, ctx) {
      const site = { id: attrs.site_id as number, client_id: attrs.client_id as number };
      return kit.beforeCreate!(await resolveContent(attrs, ctx, site), ctx);
    },
    async beforeUpdate(attrs, ctx) {
      await kit.beforeUpdate!(attrs, ctx);
      const site = { id: ctx.existing.site_id as number, client_id: ctx.existing.client_id as number };
      return resolveContent(attrs, ctx, site, ctx.existing);
    },
    beforeDelete: kit.beforeDelete,
    decorate: kit.decorate,
  };
}
