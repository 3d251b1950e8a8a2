import { eq } from 'drizzle-orm';
import { canTransition, SITE_TASK_STATUS_LABELS, TASK_TRANSITIONS, type Lang, type SiteTaskRecord, type SiteTaskStatus, type TaskTransition } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { recordAudit } from '../../kit/audit.ts';
import { AppError, notFound } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { markSiteProvisioned } from '../sites.context/site-provisioned.ts';
import { SITE_TASK_JOB } from './run-site-task.ts';
import { siteTasks } from './site-task.table.ts';
import { findTaskForUpdate, loadTaskRecord } from './task-records.ts';
import { publishTask } from './task-streams.ts';

/**
 * Acting on site tasks and machines provisions or removes infrastructure: platform staff only,
 * whatever codes a dealer user holds (dealers with `tasks` follow their clients' tasks).
 */
export function assertTaskStaff(auth: AuthContext) {
  if (!auth.internal) throw new AppError(403, 'tasks_staff_only');
}

const REFUSALS = {
  approve: 'task_approve_refused',
  decline: 'task_decline_refused',
  retry: 'task_retry_refused',
  manual_complete: 'task_manual_complete_refused',
} as const;

/**
 * approve (NEW → APPROVED, the job runs it), decline (NEW or FAILED → DECLINED), retry (FAILED →
 * APPROVED, repeat_count + 1, the job runs it again) and manual_complete (any active status →
 * COMPLETE, without the driver). Who acted goes into the payload, the change into the audit
 * trail and the tasks stream; a task in another status is refused with 409, saying which.
 */
export async function transitionTask(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  action: TaskTransition,
  meta: { ip: string | null; lang: Lang },
): Promise<SiteTaskRecord> {
  assertTaskStaff(auth);
  const rule = TASK_TRANSITIONS[action];
  const task = await ctx.db.transaction(async (tx) => {
    const task = await findTaskForUpdate(tx, auth, id);
    if (!task) throw notFound();
    if (!canTransition(action, task.status))
      throw new AppError(409, REFUSALS[action], { status: SITE_TASK_STATUS_LABELS[task.status as SiteTaskStatus]?.[meta.lang] ?? task.status });
    const repeatCount = action === 'retry' ? task.repeat_count + 1 : task.repeat_count;
    await tx
      .update(siteTasks)
      .set({ status: rule.to, repeat_count: repeatCount, payload: { ...task.payload, [rule.by]: auth.userId }, updated_at: new Date() })
      .where(eq(siteTasks.id, task.id));
    // Completed by hand: the operator provisioned the site outside the platform, so a site
    // waiting for it is published as if the task had run.
    if (action === 'manual_complete' && (task.action === 'create_site' || task.action === 'change_host') && task.site_id)
      await markSiteProvisioned(tx, task.site_id);
    const changes: Record<string, unknown> = { status: [task.status, rule.to] };
    if (repeatCount !== task.repeat_count) changes.repeat_count = [task.repeat_count, repeatCount];
    await recordAudit(tx, auth, { action, service: 'sites.controller', resource: 'tasks', recordId: task.id, changes, clientId: task.client_id, ip: meta.ip });
    await publishTask(tx, task.id);
    return task;
  });
  if (rule.to === 'APPROVED') await enqueueTask(ctx, task.id, action === 'retry' ? task.repeat_count + 1 : task.repeat_count);
  return (await loadTaskRecord(ctx.db, task.id))!;
}

/**
 * Queues the run. One job per task and attempt (singleton key), so a repeated send cannot run it
 * twice; a queue that refuses makes the task FAILED with code 7 (failed to execute), to retry.
 */
async function enqueueTask(ctx: ServiceContext, taskId: number, attempt: number) {
  try {
    await ctx.jobs.send(SITE_TASK_JOB, { task_id: taskId }, { singletonKey: `site-task-${taskId}-${attempt}` });
  } catch (error) {
    ctx.log.error({ err: error, task: taskId }, 'site task could not be queued');
    await ctx.db.transaction(async (tx) => {
      const [task] = await tx
        .update(siteTasks)
        .set({ status: 'FAILED', error_code: 7, error: 'the job queue refused the task', updated_at: new Date() })
        .where(eq(siteTasks.id, taskId))
        .returning();
      await recordAudit(tx, null, { action: 'fail', service: 'sites.controller', resource: 'tasks', recordId: taskId, changes: { status: ['APPROVED', 'FAILED'], error_code: 7 }, clientId: task?.client_id ?? null });
      await publishTask(tx, taskId);
    });
  }
}
