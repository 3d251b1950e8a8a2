import type { Lang } from '../kit/messages.ts';
import { PERMISSIONS } from '../permissions.ts';
import { permissionText } from './permission-texts.ts';
import { SPEC_MODULES } from '../marketplace/module.resource.ts';
import { DEMO_FLOOR_GROUPS } from '../floors.storage/demo-floor-groups.ts';

type Texts = Record<Lang, string>;
const text = (ru: string, en: string): Texts => ({ ru, en });

/**
 * Texts the platform seeds (permission names, the demo roles and client groups) in both
 * languages. The database keeps one text, the Russian one; a reader of the other language sees
 * its translation as long as the stored text is still the seeded one. Once someone edits it, the
 * stored text is what everyone sees.
 */
export const DEMO_ROLES = {
  platform_admin: { name: text('Администратор платформы', 'Platform administrator'), description: text('Все права во всех режимах', 'Every permission in every mode') },
  dealer_manager: {
    name: text('Менеджер дилера', 'Dealer manager'),
    description: text('Сайты, справочники и настройки своего клиента', 'Sites, dictionaries and settings of the own client'),
  },
  site_editor: { name: text('Редактор сайта', 'Site editor'), description: text('Содержимое сайтов своего клиента', 'The content of the own client\'s sites') },
} as const;

export const DEMO_CLIENT_GROUPS = {
  moscow: text('Москва и область', 'Moscow and region'),
  volga: text('Приволжье', 'Volga region'),
  north_west: text('Северо-Запад', 'North-West'),
} as const;

let index: Map<string, Texts> | null = null;

/** Every seeded text, found by its text in either language. */
function seededIndex(): Map<string, Texts> {
  if (index) return index;
  const all: Texts[] = [...Object.values(DEMO_ROLES).flatMap((role) => [role.name, role.description]), ...Object.values(DEMO_CLIENT_GROUPS)];
  for (const { service, code } of PERMISSIONS) {
    const ru = permissionText(service, code, 'ru');
    const en = permissionText(service, code, 'en');
    if (ru && en) all.push(text(ru.name, en.name), text(ru.description, en.description));
  }
  // marketplace: the names and descriptions of the spec's modules.
  for (const module of Object.values(SPEC_MODULES)) all.push(text(module.ru[0], module.en[0]), text(module.ru[1], module.en[1]));
  // floors.storage: the demo floor groups.
  for (const group of Object.values(DEMO_FLOOR_GROUPS)) all.push(group.name, group.description);
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
