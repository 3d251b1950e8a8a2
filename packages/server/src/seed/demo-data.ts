import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { PASSWORD_RULE } from '@dp/contracts';
import type { Db } from '../kit/db.ts';
import { clientGroups, clients, permissions, rolePermissions, roles, sites, userClients, userRoles, users } from '../kit/schema.ts';
import { hashPassword } from '../services/auth.processing/password.ts';

/** A password that satisfies the rule, made fresh for each installation. */
export function generatePassword(): string {
  for (;;) {
    const candidate = `Demo-${randomBytes(9).toString('base64url')}7!`;
    if (PASSWORD_RULE.test(candidate)) return candidate;
  }
}

/** Codes each demo role grants; the platform administrator gets every code. */
const MANAGER_CODES: Record<string, string[]> = {
  'auth.processing': ['site_mode', 'dictionaries_mode', 'settings_mode', 'custom_tokens.view'],
  'clients.storage': ['clients.get_full_list', 'users.get_list', 'groups.list'],
  'sites.context': ['sites.get_full_list', 'sites.patch', 'pages.get_list', 'pages.patch', 'layouts.patch', 'templates.patch', 'dealers.get_list'],
  seo: ['seo_configs.patch'],
  marketplace: ['modules.view'],
};
const EDITOR_CODES: Record<string, string[]> = {
  'auth.processing': ['site_mode'],
  'sites.context': ['sites.get_full_list', 'pages.get_list', 'pages.patch', 'layouts.patch', 'templates.patch'],
  seo: ['seo_configs.patch'],
};

const DEMO_CLIENTS = [
  {
    name: 'АвтоГрад Север',
    code: 'avtograd-sever',
    holding: 'АвтоГрад Холдинг',
    domain: 'avtograd-sever.test',
    group: 'Москва и область',
    manager: ['Ирина', 'Соколова'],
    editor: ['Дмитрий', 'Волков'],
    sites: [
      { name: 'АвтоГрад Север — Kia', host: 'kia-avtograd.ru', type: 3, use_http: false },
      { name: 'АвтоГрад Север — Hyundai', host: 'hyundai-avtograd.ru', type: 3, use_http: false },
    ],
  },
  {
    name: 'Мотор Сити Казань',
    code: 'motor-city-kzn',
    holding: null,
    domain: 'motorcity-kzn.test',
    group: 'Приволжье',
    manager: ['Айгуль', 'Хасанова'],
    editor: ['Тимур', 'Галиев'],
    sites: [{ name: 'Мотор Сити — Toyota', host: 'toyota-motorcity.ru', type: 3, use_http: false }],
  },
  {
    name: 'Ладога Авто',
    code: 'ladoga-auto',
    holding: null,
    domain: 'ladoga-auto.test',
    group: 'Северо-Запад',
    manager: ['Ольга', 'Кузнецова'],
    editor: ['Павел', 'Смирнов'],
    sites: [
      { name: 'Ладога Авто — Škoda', host: 'skoda-ladoga.ru', type: 3, use_http: true },
      { name: 'Ладога Авто — демо', host: null, type: 1, use_http: false },
    ],
  },
];

export interface DemoAccounts {
  password: string;
  generated: boolean;
  admin: string;
  users: { email: string; role: string; client: string }[];
}

async function createRole(db: Db, code: string, name: string, description: string, grants: Record<string, string[]> | 'all') {
  const [role] = await db.insert(roles).values({ code, name, description }).returning();
  const all = await db.select().from(permissions);
  const chosen = grants === 'all' ? all : all.filter((p) => grants[p.service]?.includes(p.code));
  if (chosen.length) await db.insert(rolePermissions).values(chosen.map((p) => ({ role_id: role!.id, permission_id: p.id })));
  return role!;
}

/** Loads the demo installation once: it does nothing when any user exists. */
export async function loadDemoData(db: Db, configuredPassword: string | null): Promise<DemoAccounts | null> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return null;
  const password = configuredPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);

  const adminRole = await createRole(db, 'platform_admin', 'Администратор платформы', 'Все права во всех режимах', 'all');
  const managerRole = await createRole(db, 'dealer_manager', 'Менеджер дилера', 'Сайты, справочники и настройки своего клиента', MANAGER_CODES);
  const editorRole = await createRole(db, 'site_editor', 'Редактор сайта', 'Содержимое сайтов своего клиента', EDITOR_CODES);

  const admin = 'admin@platform.test';
  const [adminUser] = await db
    .insert(users)
    .values({ email: admin, name: 'Анна', last_name: 'Администраторова', locale: 'ru', password_hash: passwordHash, internal: true })
    .returning();
  await db.insert(userRoles).values({ user_id: adminUser!.id, role_id: adminRole.id });

  const accounts: DemoAccounts['users'] = [];
  for (const demo of DEMO_CLIENTS) {
    const [group] = await db.insert(clientGroups).values({ name: demo.group }).onConflictDoNothing().returning();
    const groupId = group?.id ?? (await db.select().from(clientGroups).where(eq(clientGroups.name, demo.group)))[0]!.id;
    const [client] = await db
      .insert(clients)
      .values({ name: demo.name, code: demo.code, holding: demo.holding, group_ids: [groupId] })
      .returning();
    for (const site of demo.sites) await db.insert(sites).values({ ...site, client_id: client!.id });
    for (const [kind, role, [name, lastName]] of [
      ['manager', managerRole, demo.manager],
      ['editor', editorRole, demo.editor],
    ] as const) {
      const email = `${kind}@${demo.domain}`;
      const [user] = await db
        .insert(users)
        .values({ email, name: name!, last_name: lastName!, locale: 'ru', password_hash: passwordHash, default_client_id: client!.id })
        .returning();
      await db.insert(userClients).values({ user_id: user!.id, client_id: client!.id });
      await db.insert(userRoles).values({ user_id: user!.id, role_id: role.id });
      accounts.push({ email, role: role.code, client: demo.name });
    }
  }
  // The first manager also works for a second client, to show client switching.
  const [firstManager] = await db.select().from(users).where(inArray(users.email, [`manager@${DEMO_CLIENTS[0]!.domain}`]));
  const [second] = await db.select().from(clients).where(eq(clients.code, DEMO_CLIENTS[1]!.code));
  await db.insert(userClients).values({ user_id: firstManager!.id, client_id: second!.id });

  return { password, generated: !configuredPassword, admin, users: accounts };
}
