import { isApiError } from '../../../kit/api.ts';

/** The fields holding placed floors: an error inside one (…/floors/2/values/title) shows on the list. */
const FLOOR_LISTS = new Set(['floors', 'header_floors', 'footer_floors']);

/**
 * Field errors of the server as the names of a content form: `/data/attributes/collection/title`
 * is ['collection', 'title']. A list's item has no field of its own, so an error under an item
 * (a tag, a dealer, a placed floor) shows on the list; a floor's error says which floor. `base`
 * is the pointer of the form's root ('/data/' for the action bodies of collection pages).
 */
export function contentFormErrors(error: unknown, t: (key: string, options?: Record<string, unknown>) => string, base = '/data/attributes/'): { name: (string | number)[]; errors: string[] }[] {
  if (!isApiError(error)) return [];
  const byName = new Map<string, { name: string[]; errors: string[] }>();
  for (const entry of error.errors) {
    const pointer = entry.source?.pointer;
    if (!pointer?.startsWith(base)) continue;
    const parts = pointer.slice(base.length).split('/');
    const index = parts.findIndex((part) => /^\d+$/.test(part));
    const name = index < 0 ? parts : parts.slice(0, index);
    if (!name.length) continue;
    const floorList = FLOOR_LISTS.has(name[name.length - 1]!) && index >= 0;
    const message = floorList ? t('floors_editor.error_at', { number: Number(parts[index]) + 1, message: entry.title }) : entry.title;
    const key = name.join('/');
    const known = byName.get(key) ?? { name, errors: [] };
    if (!known.errors.includes(message)) known.errors.push(message);
    byName.set(key, known);
  }
  return [...byName.values()];
}
