import type { Lang } from './lang.ts';

/**
 * Human names and descriptions of permission codes, in both languages. Each service names the
 * entities of its codes (the rows of the permission matrix) and describes the codes that are not
 * read / create / change / delete of an entity; the other texts are made from the entity's name.
 * The seed stores the Russian texts; the web shows a seeded text in the reader's language as long
 * as nobody has edited it (seededText).
 */
export type Texts = Record<Lang, string>;
export const text = (ru: string, en: string): Texts => ({ ru, en });

export interface PermissionText {
  name: Texts;
  description: Texts;
  /** A short rule shown next to the code in the permission matrix (what holding it, or not, means). */
  note?: Texts;
}
export const special = (name: Texts, description: Texts, note?: Texts): PermissionText => ({ name, description, ...(note ? { note } : {}) });

/** A service's permission codes, in the order they are seeded, with their texts. */
export interface ServicePermissions {
  codes: string[];
  /** The entities of the codes (`users` of `users.get_list`): the rows of the matrix. '' holds the service's general codes. */
  entities: Record<string, Texts>;
  /** Codes whose meaning is not read / create / change / delete of an entity. */
  special: Record<string, PermissionText>;
}

/** The usual codes of entities, entity by entity: `entityCodes(['users'], WRITE_ACTIONS)` is users.create, users.patch, users.delete. */
export const entityCodes = (entities: string[], actions: readonly string[]): string[] => entities.flatMap((entity) => actions.map((action) => `${entity}.${action}`));
export const WRITE_ACTIONS = ['create', 'patch', 'delete'] as const;
export const CRUD_ACTIONS = ['get_list', 'create', 'patch', 'delete'] as const;

export type PermissionColumn = 'read' | 'create' | 'change' | 'delete' | 'special';
export const PERMISSION_COLUMNS: PermissionColumn[] = ['read', 'create', 'change', 'delete', 'special'];

const READ = ['get_list', 'get_full_list', 'list', 'view'];
const CHANGE = ['patch', 'edit'];

/** Where a code sits in the matrix: its entity (`users` of `users.get_list`) and its column. */
export function permissionParts(code: string): { entity: string; action: string; column: PermissionColumn } {
  const at = code.lastIndexOf('.');
  if (at < 0) return { entity: code.endsWith('_mode') ? 'modes' : '', action: code, column: 'special' };
  const entity = code.slice(0, at);
  const action = code.slice(at + 1);
  const column: PermissionColumn = READ.includes(action) ? 'read' : action === 'create' ? 'create' : CHANGE.includes(action) ? 'change' : action === 'delete' ? 'delete' : 'special';
  return { entity, action, column };
}

const ACTION_TEXTS: Record<Exclude<PermissionColumn, 'special'>, { name: Texts; description: Texts }> = {
  read: { name: text('просмотр', 'view'), description: text('Видеть раздел «{entity}»: список и карточки записей', 'See "{entity}": the list and each record') },
  create: { name: text('создание', 'create'), description: text('Создавать записи раздела «{entity}»', 'Create records in "{entity}"') },
  change: { name: text('изменение', 'change'), description: text('Изменять записи раздела «{entity}»', 'Change records in "{entity}"') },
  delete: { name: text('удаление', 'delete'), description: text('Удалять записи раздела «{entity}»', 'Delete records in "{entity}"') },
};

/** The short rule shown next to a code in the permission matrix, or null. */
export function describePermissionNote(texts: ServicePermissions | undefined, code: string, lang: Lang): string | null {
  return texts?.special[code]?.note?.[lang] ?? null;
}

/** The name and description of a code from its service's texts, in a language; null for a code nobody has named. */
export function describePermission(texts: ServicePermissions | undefined, code: string, lang: Lang): { name: string; description: string } | null {
  const own = texts?.special[code];
  if (own) return { name: own.name[lang], description: own.description[lang] };
  const { entity, column } = permissionParts(code);
  const entityName = texts?.entities[entity]?.[lang];
  if (!entityName || column === 'special') return null;
  const action = ACTION_TEXTS[column];
  return { name: `${entityName}: ${action.name[lang]}`, description: action.description[lang].replace('{entity}', entityName) };
}
