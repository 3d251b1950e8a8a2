import { and, asc, eq, isNull } from 'drizzle-orm';
import { STAGE_STATE_CONTENT, STATE_STATUS } from '@dp/contracts';
import { recordAudit } from '../../kit/audit.ts';
import { registerSiteCopier } from '../sites.context/copy-site.ts';
import { stages, stageStates } from './stage.table.ts';

/**
 * The copy dialog's "copy stages" (spec 000 §2): each stage of the source comes over with what it
 * shows now, its published state, published on the copy (version 1); a stage never published
 * brings its newest state as a draft. Images keep their files and addresses (stored files are
 * shared, never changed), so the copy shows the same banners.
 */
registerSiteCopier('stages', async (tx, { from, to }, ctx) => {
  const sources = await tx.select().from(stages).where(eq(stages.site_id, from.id)).orderBy(asc(stages.id));
  for (const source of sources) {
    const states = await tx.select().from(stageStates).where(and(eq(stageStates.stage_id, source.id), isNull(stageStates.superseded_at))).orderBy(asc(stageStates.id));
    const shown = states.find((state) => state.status === STATE_STATUS.published) ?? states.at(-1);
    const [stage] = await tx.insert(stages).values({ site_id: to.id, client_id: to.client_id as number, name: source.name }).returning();
    if (shown) {
      const content = Object.fromEntries(STAGE_STATE_CONTENT.map((field) => [field, shown[field as keyof typeof shown]]));
      const published = shown.status === STATE_STATUS.published;
      await tx.insert(stageStates).values({
        ...(content as object),
        stage_id: stage!.id,
        site_id: to.id,
        client_id: to.client_id as number,
        status: published ? STATE_STATUS.published : STATE_STATUS.draft,
        ...(published ? { version: 1, published_at: new Date(), published_by: ctx.auth.userId } : {}),
        created_by: ctx.auth.userId,
      } as typeof stageStates.$inferInsert);
    }
    await recordAudit(tx, ctx.auth, { action: 'copy', service: 'content.storage', resource: 'stages', recordId: stage!.id, changes: { name: source.name, copied_from_id: source.id }, clientId: to.client_id as number, ip: ctx.ip });
  }
  return { stages: sources.length };
});
