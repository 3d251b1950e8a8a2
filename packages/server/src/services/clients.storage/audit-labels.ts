import { and, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { labelFields, labelOf } from '@dp/contracts';
import { scopeCondition, type Binding, type ResourceHooks, type ResourceRegistry, type Row } from '../../kit/crud-routes.ts';

/** The resource an entry names: the one of the entry's service, else the only one of that name. */
function bindingOf(registry: ResourceRegistry, row: Row): Binding | undefined {
  const named = registry.all().filter((binding) => binding.resource.name === row.resource && !binding.resource.readOnly);
  return named.find((binding) => binding.resource.service === row.service) ?? named[0];
}

/** A created or deleted record's snapshot names it even when the record is gone. */
function snapshotLabel(binding: Binding, changes: unknown): string | null {
  if (!changes || typeof changes !== 'object') return null;
  const values = Object.values(changes as Record<string, unknown>);
  const isDiff = values.some((value) => Array.isArray(value) && value.length === 2);
  return isDiff ? null : labelOf(binding.resource, changes as Record<string, unknown>);
}

/**
 * The audit trail names each entry's record (`record_label`: "Анна Иванова" rather than #12),
 * read now from the record's table within the reader's scope, else from the entry's snapshot.
 */
export function auditHooks(registry: ResourceRegistry): ResourceHooks {
  return {
    async decorate(rows, { db, auth }) {
      const wanted = new Map<Binding, Set<number>>();
      for (const row of rows) {
        row.record_label = null;
        const binding = bindingOf(registry, row);
        const id = Number(row.record_id);
        if (!binding || !/^\d{1,10}$/.test(String(row.record_id ?? '')) || id > 2_147_483_647) continue;
        if (!wanted.has(binding)) wanted.set(binding, new Set());
        wanted.get(binding)!.add(id);
      }
      const labels = new Map<string, string>();
      for (const [binding, ids] of wanted) {
        const columns = getTableColumns(binding.table) as Record<string, PgColumn>;
        const fields = labelFields(binding.resource).filter((field) => columns[field]);
        if (!fields.length) continue;
        const found = await db
          .select({ id: binding.table.id, ...Object.fromEntries(fields.map((field) => [field, columns[field]!])) })
          .from(binding.table)
          .where(and(inArray(binding.table.id, [...ids]), scopeCondition(binding, auth)));
        for (const record of found as Record<string, unknown>[]) {
          const label = labelOf(binding.resource, record);
          if (label) labels.set(`${binding.resource.service}/${binding.resource.name}:${String(record.id)}`, label);
        }
      }
      for (const row of rows) {
        const binding = bindingOf(registry, row);
        if (!binding) continue;
        row.record_label = labels.get(`${binding.resource.service}/${binding.resource.name}:${String(row.record_id)}`) ?? snapshotLabel(binding, row.changes);
      }
    },
  };
}
