import type { Lang } from './kit/lang.ts';
import { text, type Texts } from './kit/permission-texts.ts';
import { PERMISSIONS, permissionText } from './permissions.ts';
import { SERVICE_CONTRACTS } from './services.ts';

/**
 * Texts the platform seeds (permission names, demo roles, client groups, modules, floor groups)
 * in both languages. The database keeps one text, the Russian one; a reader of the other language
 * sees its translation as long as the stored text is still the seeded one. Once someone edits it,
 * the stored text is what everyone sees.
 */
let index: Map<string, Texts> | null = null;

/** Every seeded text, found by its text in either language. */
function seededIndex(): Map<string, Texts> {
  if (index) return index;
  const all: Texts[] = [];
  for (const { service, code } of PERMISSIONS) {
    const ru = permissionText(service, code, 'ru');
    const en = permissionText(service, code, 'en');
    if (ru && en) all.push(text(ru.name, en.name), text(ru.description, en.description));
  }
  for (const service of SERVICE_CONTRACTS) all.push(...service.seeded);
  index = new Map(all.flatMap((texts) => [[texts.ru, texts] as const, [texts.en, texts] as const]));
  return index;
}

/** A stored text in the reader's language when it is a seeded one; otherwise as stored. */
export function seededText<T extends string | null | undefined>(value: T, lang: Lang): T | string {
  if (typeof value !== 'string') return value;
  return seededIndex().get(value)?.[lang] ?? value;
}

/**
 * What a permission is called and what it does, in the reader's language: a seeded or unnamed
 * code by its texts, an edited one as stored; the code itself for a code nobody named.
 */
export function permissionLabel(
  permission: { service: string; code: string; name?: string | null; description?: string | null },
  lang: Lang,
): { name: string; description: string | null } {
  const own = permissionText(permission.service, permission.code, lang);
  const unnamed = !permission.name || permission.name === permission.code;
  return {
    name: unnamed ? (own?.name ?? permission.code) : seededText(permission.name!, lang),
    description: permission.description ? seededText(permission.description, lang) : (own?.description ?? null),
  };
}
