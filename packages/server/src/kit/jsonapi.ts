import type { JsonApiList, JsonApiRecord, PageMeta } from '@dp/contracts';

/** A database row as a JSON:API record: `id` apart, the listed attributes only. */
export function toRecord(type: string, row: Record<string, unknown>, attributes: string[]): JsonApiRecord {
  const attrs: Record<string, unknown> = {};
  for (const key of attributes) {
    const value = row[key];
    attrs[key] = value instanceof Date ? value.toISOString() : value === undefined ? null : value;
  }
  return { id: String(row.id), type, attributes: attrs };
}

export function toList(data: JsonApiRecord[], page: PageMeta, included?: JsonApiRecord[]): JsonApiList {
  return included && included.length > 0 ? { data, meta: { page }, included } : { data, meta: { page } };
}

/**
 * Paging of action lists (history and the like) that are not declared resources. The route's
 * schema parses the numbers strictly (`integer` of contracts); anything else takes the default.
 */
export function pageFromQuery(query: Record<string, unknown>, defaults = { size: 20, max: 100 }) {
  const given = (name: string, fallback: number) => (typeof query[name] === 'number' ? (query[name] as number) : fallback);
  const number = Math.max(1, given('page[number]', 1));
  const size = Math.min(defaults.max, Math.max(1, given('page[size]', defaults.size)));
  return { number, size, offset: (number - 1) * size };
}
