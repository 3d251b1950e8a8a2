import { eq, sql } from 'drizzle-orm';
import type { ResourceHooks } from '../../kit/crud-routes.ts';
import { AppError } from '../../kit/errors.ts';
import { recordAudit, snapshot } from '../../kit/audit.ts';
import { moduleInstallations, modules } from './module.table.ts';

/**
 * The module dictionary's behaviour beyond plain CRUD: a module installed on any site is not
 * deleted (its installations would vanish without their uninstall handlers); uninstall it first.
 */
export const moduleHooks = (attributes: string[]): ResourceHooks => ({
  async remove({ tx, auth, request, existing }) {
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(moduleInstallations)
      .where(eq(moduleInstallations.module_id, existing.id))) as [{ count: number }];
    if (count > 0) throw new AppError(409, 'module_in_use', { count });
    await tx.delete(modules).where(eq(modules.id, existing.id));
    await recordAudit(tx, auth, { action: 'delete', service: 'marketplace', resource: 'modules', recordId: existing.id, changes: snapshot(existing, attributes), ip: request.ip });
  },
});
