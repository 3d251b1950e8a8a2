import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import { AppError, forbidden } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { userNames } from '../form-constructor/form.hooks.ts';

/** Platform news is the provider's word: only staff write and manage it, whatever codes a dealer holds. */
function assertStaff(auth: AuthContext) {
  if (!auth.internal) throw forbidden();
}

const moment = (value: unknown) => (value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : null);

/** The item as it will be after the change: a period ending after its start, chosen clients named. */
function assertConsistent(next: Record<string, unknown>) {
  const from = moment(next.publish_from);
  const to = moment(next.publish_to);
  if (from !== null && to !== null && to <= from) throw new AppError(400, 'news_period', undefined, '/data/attributes/publish_to');
  if (next.audience === 'clients' && !(next.client_ids as number[] | undefined)?.length) throw new AppError(400, 'at_least_one_client', undefined, '/data/attributes/client_ids');
}

export const opNewsHooks: ResourceHooks = {
  beforeRead: ({ auth }) => assertStaff(auth),
  beforeCreate(attrs, { auth }) {
    assertStaff(auth);
    return { ...attrs, created_by: auth.userId, updated_by: auth.userId };
  },
  beforeUpdate(attrs, { auth, existing }) {
    assertStaff(auth);
    assertConsistent({ ...existing, ...attrs });
    return { ...attrs, updated_by: auth.userId };
  },
  beforeDelete: ({ auth }) => assertStaff(auth),
  /** Who created and last changed each item, by name. */
  async decorate(rows: Row[], { db }) {
    const names = await userNames(db, rows.flatMap((row) => [row.created_by as number | null, row.updated_by as number | null]));
    for (const row of rows) {
      row.created_by_name = (row.created_by && names.get(row.created_by as number)) || null;
      row.updated_by_name = (row.updated_by && names.get(row.updated_by as number)) || null;
    }
  },
};
