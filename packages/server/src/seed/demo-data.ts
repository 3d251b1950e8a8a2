import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { DEMO_CLIENT_GROUPS, DEMO_ROLES, PASSWORD_RULE } from '@dp/contracts';
import type { Db } from '../kit/db.ts';
import { clientGroups, clients, permissions, rolePermissions, roles, siteGroups, sites, userClients, userRoles, users } from '../schema.ts';
import { hashPassword } from '../services/auth.processing/password.ts';
import { installDemoModules } from '../services/marketplace/module-seed.ts';
import { seedDemoSiteTasks } from '../services/sites.controller/demo-tasks.ts';
// floors.storage and seo
import { seedDemoFloors } from '../services/floors.storage/demo-floors.ts';
import { seedDemoSeo } from '../services/seo/demo-seo.ts';
import { seedDemoCatalog } from '../services/cars.catalog/demo-catalog.ts';
import { seedDemoLabels } from '../services/cars.catalog/demo-labels.ts';
// cars.stock
import { seedDemoStock } from '../services/cars.stock/demo-stock.ts';
// cars.stock.sites
import { seedDemoStockSettings } from '../services/cars.stock.sites/demo-stock-settings.ts';
// dealerships
import { insertDemoDealers, seedDemoDealerships } from '../services/dealerships/demo-dealerships.ts';
import { seedDemoCredit } from '../services/credit.calc/demo-credit.ts';
import { seedDemoAccessories } from '../services/accessories.showroom/demo-accessories.ts';
import { seedDemoBenefits } from '../services/benefits/demo-benefits.ts';
import { seedDemoNews } from '../services/platform/demo-news.ts';
import { seedDemoRate } from '../services/currency.rates/demo-rate.ts';
// cars.vins
import { seedDemoVins } from '../services/cars.vins/demo-vins.ts';
// sites.context pages
import { seedDemoContent } from '../services/sites.context/demo-content.ts';
// content.storage stages and media.storage library
import type { FileStorage } from '../kit/files.ts';
import { seedDemoStages } from '../services/content.storage/demo-stages.ts';
import { seedDemoSiteContent } from '../services/site-renderer/demo-site-content.ts';
// request.storage
import { seedDemoRequests } from '../services/request.storage/demo-requests.ts';
// form-constructor
import { seedDemoForms } from '../services/form-constructor/demo-forms.ts';

/** How long ago the demo dealer accounts were made. */
const DEMO_ACCOUNT_AGE_MS = 90 * 24 * 60 * 60 * 1000;

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
  'sites.context': [
    'sites.get_full_list', 'sites.patch', 'pages.get_list', 'pages.patch', 'layouts.patch', 'templates.patch',
    // sites.context: the manager creates and copies the client's sites.
    'sites.create', 'site_groups.get_list',
    // sites.context pages: the manager also publishes on sites with strict publishing.
    'pages.publish', 'layouts.publish',
  ],
  // seo: redirects with their import, SEO settings and constants of the client's sites.
  seo: [
    'seo_configs.patch', 'seo_configs.get_list', 'redirects.get_list', 'redirects.create', 'redirects.patch', 'redirects.delete',
    'seo_constants.get_list', 'seo_constants.create', 'seo_constants.patch', 'seo_constants.delete',
  ],
  // floors.storage: the client's floors.
  'floors.storage': ['floors.get_list', 'floors.create', 'floors.patch', 'floors.delete'],
  // marketplace: the manager installs and uninstalls modules on the client's sites.
  marketplace: ['modules.view', 'modules.install'],
  // content.storage stages and media.storage: the manager also publishes stages on strict sites;
  // collections.get_list reads the specials and news views.
  'content.storage': ['stages.get_list', 'stages.patch', 'stages.publish', 'collections.get_list'],
  'media.storage': ['media.get_list', 'media.create', 'media.patch', 'media.delete'],
  // sites.controller: the manager follows the tasks of the client's sites (acting on them is staff's).
  'sites.controller': ['tasks'],
  // cars.catalog: the manager reads the platform's catalogue (staff write it) and keeps the labels of the client's sites' cars.
  'cars.catalog': ['brands.get_list', 'models.get_list', 'labels.get_list', 'labels.create', 'labels.patch', 'labels.delete'],
  // cars.stock: the manager keeps the stock of the client's sites.
  'cars.stock': ['cars.get_list', 'cars.create', 'cars.patch', 'cars.delete'],
  // cars.stock.sites and cars.sorting: the manager keeps the stock settings and car sorting of the client's sites.
  'cars.stock.sites': ['stock_settings.get_list', 'stock_settings.patch'],
  'cars.sorting': ['sorting.get_list', 'sorting.patch'],
  // cars.vins: the manager reads VIN data while the client is allowed it (the data and the allowing are staff's).
  'cars.vins': ['vin_data.get_list'],
  // cars.import: a site's import settings, runs and reports; profiles, hooks and aliases stay with provider staff.
  'cars.import': ['import_settings.get_list', 'import_settings.patch', 'import.run', 'import_reports.get_list'],
  // cars.export and importer.notifier: the client's export feeds and commercial offers, the sites' import report mails.
  'cars.export': ['export_settings.get_list', 'export_settings.patch', 'offers.create'],
  'importer.notifier': ['notifier_settings.get_list', 'notifier_settings.patch', 'notifier_reports.get_list'],
  // dealerships: the manager keeps the client's dealers (the ones its sites show), their departments, employees and services.
  dealerships: ['dealers.get_list', 'dealers.create', 'dealers.patch', 'dealers.delete', ...['departments', 'employees', 'services'].flatMap((entity) => [`${entity}.create`, `${entity}.patch`, `${entity}.delete`])],
  // benefits: the manager keeps the client's discount programs and discounts and imports discounts.
  benefits: ['programs.get_list', 'programs.create', 'programs.patch', 'programs.delete', 'discounts.get_list', 'discounts.create', 'discounts.patch', 'discounts.delete'],
  // credit.calc: the manager keeps the client's banks, loan programmes (publishing their versions), packs and the sites' calculators.
  'credit.calc': [...['banks', 'programs', 'program_states', 'packs', 'settings'].flatMap((entity) => [`${entity}.get_list`, `${entity}.create`, `${entity}.patch`, `${entity}.delete`]), 'program_states.publish'],
  // messenger_showroom: the manager keeps the sites' Telegram showrooms (settings, bots, service works, offers, webhooks, the cars shown), reads and deletes their customers, reads their requests and summary.
  messenger_showroom: ['settings.get_list', 'settings.patch', ...['bots', 'service_works', 'collections', 'web_hooks'].flatMap((entity) => [`${entity}.get_list`, `${entity}.create`, `${entity}.patch`, `${entity}.delete`]), 'customers.get_list', 'customers.delete', 'callbacks.get_list', 'summary.get_list', 'cars.get_list', 'cars.patch'],
  // smart_contracts and calltracking: the manager keeps the sites' smart contract and call tracking widgets, reads and pulls their calls.
  smart_contracts: ['settings.get_list', 'settings.patch'],
  // import_edit: the manager keeps the dealer's own values of the sites' imported cars.
  import_edit: ['import_edits.get_list', 'import_edits.create', 'import_edits.patch', 'import_edits.delete'],
  // tradein.calculator: the manager keeps the site's trade-in settings.
  'tradein.calculator': ['settings.get_list', 'settings.patch'],
  // reviewer: the manager keeps the sites' review invitations and reads the customers' ratings.
  reviewer: ['settings.get_list', 'settings.patch', 'ratings.get_list'],
  calltracking: ['callkeeper_settings.get_list', 'callkeeper_settings.patch', 'calltouch_settings.get_list', 'calltouch_settings.patch', 'calls.get_list'],
  // accessories.showroom: the manager keeps the sites' accessories, the client's categories and attributes, the import settings, and runs the import.
  'accessories.showroom': [...['accessories', 'accessory_categories', 'accessory_attributes', 'accessory_settings'].flatMap((entity) => [`${entity}.get_list`, `${entity}.create`, `${entity}.patch`, `${entity}.delete`]), 'accessories.import'],
  // request.storage: the manager reads, exports, marks handled and deletes the sites' requests, keeps their settings, blocks and consent texts.
  'request.storage': ['callback_requests.get_list', 'requests.delete', 'requests.patch', 'requests_settings.create', 'requests_settings.patch', 'requests_settings.delete', 'request_blocks.create', 'request_blocks.patch', 'request_blocks.delete',
    // sender: resending and dismissing lost requests.
    'lost_requests.patch'],
  // sender: the sites' e-mail templates, proxy actions and SMTP settings.
  sender: ['email_actions.get_list', 'email_actions.create', 'email_actions.patch', 'email_actions.delete', 'proxy_actions.get_list', 'proxy_actions.create', 'proxy_actions.patch', 'proxy_actions.delete', 'smtp_settings.get_list', 'smtp_settings.patch'],
  // form-constructor: the manager builds the sites' forms and sets their captcha.
  'form-constructor': ['form_constructor.get_list', 'form_constructor.create', 'form_constructor.edit'],
};
const EDITOR_CODES: Record<string, string[]> = {
  // auth.processing: the site mode, and the dictionaries mode where the floor library is.
  'auth.processing': ['site_mode', 'dictionaries_mode'],
  // sites.context: the editor sees the site's settings (read-only) and users.
  'sites.context': ['sites.get_full_list', 'pages.get_list', 'pages.patch', 'layouts.patch', 'templates.patch', 'site_groups.get_list'],
  // dealerships: the editor reads the client's dealers (a collection page names those it is valid at).
  dealerships: ['dealers.get_list'],
  // seo: redirects with their import, SEO settings and constants of the client's sites.
  seo: [
    'seo_configs.patch', 'seo_configs.get_list', 'redirects.get_list', 'redirects.create', 'redirects.patch', 'redirects.delete',
    'seo_constants.get_list', 'seo_constants.create', 'seo_constants.patch', 'seo_constants.delete',
  ],
  // floors.storage: the editor keeps the client's floors.
  'floors.storage': ['floors.get_list', 'floors.create', 'floors.patch', 'floors.delete'],
  // marketplace: the editor sees the site's modules.
  marketplace: ['modules.view'],
  // content.storage stages and media.storage: the editor keeps stages and the media library;
  // collections.get_list reads the specials and news views.
  'content.storage': ['stages.get_list', 'stages.patch', 'collections.get_list'],
  'media.storage': ['media.get_list', 'media.create', 'media.patch', 'media.delete'],
};

const DEMO_CLIENTS = [
  {
    name: 'АвтоГрад Север',
    code: 'avtograd-sever',
    holding: 'АвтоГрад Холдинг',
    domain: 'avtograd-sever.test',
    group: DEMO_CLIENT_GROUPS.moscow.ru,
    manager: ['Ирина', 'Соколова'],
    editor: ['Дмитрий', 'Волков'],
    sites: [
      { name: 'АвтоГрад Север — Kia', host: 'kia-avtograd.ru', type: 3, use_http: false, code: 'kia-avtograd', scheme: 'kia' },
      { name: 'АвтоГрад Север — Hyundai', host: 'hyundai-avtograd.ru', type: 3, use_http: false, code: 'hyundai-avtograd', scheme: 'hyundai' },
    ],
  },
  {
    name: 'Мотор Сити Казань',
    code: 'motor-city-kzn',
    holding: null,
    domain: 'motorcity-kzn.test',
    group: DEMO_CLIENT_GROUPS.volga.ru,
    manager: ['Айгуль', 'Хасанова'],
    editor: ['Тимур', 'Галиев'],
    sites: [{ name: 'Мотор Сити — Toyota', host: 'toyota-motorcity.ru', type: 3, use_http: false, code: 'toyota-motorcity', scheme: 'toyota' }],
  },
  {
    name: 'Ладога Авто',
    code: 'ladoga-auto',
    holding: null,
    domain: 'ladoga-auto.test',
    group: DEMO_CLIENT_GROUPS.north_west.ru,
    manager: ['Ольга', 'Кузнецова'],
    editor: ['Павел', 'Смирнов'],
    sites: [
      { name: 'Ладога Авто — Škoda', host: 'skoda-ladoga.ru', type: 3, use_http: true, code: 'skoda-ladoga', scheme: 'skoda' },
      // sites.context: a draft without a host yet (the official demo is the platform's, below).
      { name: 'Ладога Авто — новый сайт', host: null, type: 3, use_http: false, code: 'ladoga-new', scheme: 'skoda' },
    ],
  },
];

export interface DemoAccounts {
  password: string;
  generated: boolean;
  admin: string;
  users: { email: string; role: string; client: string }[];
}

/** A demo role with its Russian name and description (see DEMO_ROLES for the English ones). */
async function createRole(db: Db, code: keyof typeof DEMO_ROLES, grants: Record<string, string[]> | 'all') {
  const texts = DEMO_ROLES[code];
  const [role] = await db.insert(roles).values({ code, name: texts.name.ru, description: texts.description.ru }).returning();
  const all = await db.select().from(permissions);
  const chosen = grants === 'all' ? all : all.filter((p) => grants[p.service]?.includes(p.code));
  if (chosen.length) await db.insert(rolePermissions).values(chosen.map((p) => ({ role_id: role!.id, permission_id: p.id })));
  return role!;
}

/** Loads the demo installation once: it does nothing when any user exists. */
export async function loadDemoData(db: Db, configuredPassword: string | null, files?: FileStorage): Promise<DemoAccounts | null> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return null;
  const password = configuredPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);

  const adminRole = await createRole(db, 'platform_admin', 'all');
  const managerRole = await createRole(db, 'dealer_manager', MANAGER_CODES);
  const editorRole = await createRole(db, 'site_editor', EDITOR_CODES);

  const admin = 'admin@platform.test';
  const [adminUser] = await db
    .insert(users)
    .values({ email: admin, name: 'Анна', last_name: 'Администраторова', locale: 'ru', password_hash: passwordHash, internal: true })
    .returning();
  await db.insert(userRoles).values({ user_id: adminUser!.id, role_id: adminRole.id });

  await insertDemoSiteGroups(db);
  const accounts: DemoAccounts['users'] = [];
  for (const demo of DEMO_CLIENTS) {
    const [group] = await db.insert(clientGroups).values({ name: demo.group }).onConflictDoNothing().returning();
    const groupId = group?.id ?? (await db.select().from(clientGroups).where(eq(clientGroups.name, demo.group)))[0]!.id;
    const [client] = await db
      .insert(clients)
      .values({ name: demo.name, code: demo.code, holding: demo.holding, group_ids: [groupId] })
      .returning();
    await insertDemoSites(db, client!.id, demo.code, demo.sites);
    for (const [kind, role, [name, lastName]] of [
      ['manager', managerRole, demo.manager],
      ['editor', editorRole, demo.editor],
    ] as const) {
      const email = `${kind}@${demo.domain}`;
      // Dealer staff who have used the admin for a while (past the satisfaction survey's first week).
      const [user] = await db
        .insert(users)
        .values({ email, name: name!, last_name: lastName!, locale: 'ru', password_hash: passwordHash, default_client_id: client!.id, created_at: new Date(Date.now() - DEMO_ACCOUNT_AGE_MS) })
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

  // sites.context: the platform's official demo and master sites, sources of copies and forks.
  await insertOfficialSites(db);
  // floors.storage and seo: the floor library, and SEO of the demo client sites.
  await seedDemoFloors(db);
  await seedDemoSeo(db);
  // cars.catalog: the reference catalogue of the demo sites' brands.
  await seedDemoCatalog(db);
  // cars.catalog labels: labels of the demo sites' cars, a central one on the official master.
  await seedDemoLabels(db);
  // cars.stock: new and used cars of the demo client sites.
  await seedDemoStock(db);
  // dealerships: a dealership per demo client with departments, employees and services.
  await seedDemoDealerships(db);
  // cars.vins: VIN data of the demo stock and brands; the first demo client is allowed it.
  await seedDemoVins(db);
  // sites.context pages: templates, layouts and pages of the demo sites, on the demo floors.
  await seedDemoContent(db);
  // content.storage and media.storage: banners of the main pages, pictures in the clients' media libraries.
  if (files) await seedDemoStages(db, files);
  // site-renderer: what the demo sites show at <code>.localhost: texts, pictures, SEO, contacts, favicons.
  if (files) await seedDemoSiteContent(db, files);
  // cars.stock.sites: stock settings and a filter group of the demo client sites, on their pages.
  await seedDemoStockSettings(db);
  // credit.calc: a system-wide bank and programmes, a pack of them and the calculator of every client site.
  await seedDemoCredit(db);
  // accessories.showroom: system-wide categories and an attribute, four accessories on the first site of every client.
  await seedDemoAccessories(db);
  // benefits: a discount program of every client with new cars, a discount on each complectation of them.
  await seedDemoBenefits(db);
  // marketplace: every module of the spec on every demo site, so every site screen is reachable.
  await installDemoModules(db);
  // request.storage: requests of the client sites, their consent text, a callback setting.
  await seedDemoRequests(db);
  // form-constructor: a test drive form on each client site, with two requests sent through it.
  await seedDemoForms(db);
  // sites.controller: the published demo sites run on this server, the draft one waits for approval.
  await seedDemoSiteTasks(db, adminUser!.id);
  // platform: the news on every user's home page.
  await seedDemoNews(db, adminUser!.id);
  // currency.rates: a demo USD rate, so that English readers see dollars before the first rate is read.
  await seedDemoRate(db);
  // The planner's statistics of what was just loaded (the embedded database runs no autovacuum).
  await db.execute(sql`analyze`);
  return { password, generated: !configuredPassword, admin, users: accounts };
}

// sites.context: demo sites with real settings, dealerships, site groups and official sites.
interface DemoSite {
  name: string;
  host: string | null;
  type: number;
  use_http: boolean;
  code: string;
  scheme: string;
}

/** A client's sites: published where they have a host, technical hosts `<code>.localhost`, its dealers shown. */
async function insertDemoSites(db: Db, clientId: number, clientCode: string, list: DemoSite[]) {
  const dealerIds = await insertDemoDealers(db, clientId, clientCode);
  const [group] = await db.select().from(siteGroups).where(eq(siteGroups.name, 'Федеральная акция'));
  for (const site of list) {
    await db.insert(sites).values({
      name: site.name,
      host: site.host,
      type: site.type,
      use_http: site.use_http,
      client_id: clientId,
      technical_host: `${site.code}.localhost`,
      status: site.host ? 1 : 2,
      version: site.host ? 2 : 1,
      context: { brand_id: null, color_scheme: site.scheme, extra_color_schemes: [] },
      admin_email: `admin@${site.host ?? `${clientCode}.test`}`,
      phone_format: '+7 (XXX) XXX-XX-XX',
      default_mailer: 'platform',
      dealer_id: dealerIds[0] ?? null,
      dealer_ids: dealerIds,
      group_ids: group && site.host ? [group.id] : [],
      depersonalization: { enabled: true, period: 365 },
    });
  }
}

/** The platform's own client with the official demo and master sites (types 1 and 2). */
async function insertOfficialSites(db: Db) {
  const [platform] = await db.insert(clients).values({ name: 'Платформа — официальные сайты', code: 'platform-official' }).returning();
  await db.insert(sites).values([
    { name: 'Официальный демо-сайт', type: 1, client_id: platform!.id, technical_host: 'demo.localhost', context: { brand_id: null, color_scheme: 'default', extra_color_schemes: ['dark'] } },
    { name: 'Официальный мастер-сайт', type: 2, client_id: platform!.id, technical_host: 'master.localhost', context: { brand_id: null, color_scheme: 'default', extra_color_schemes: [] } },
  ]);
}

/** Site groups the demo sites and later stages use. */
export async function insertDemoSiteGroups(db: Db) {
  await db.insert(siteGroups).values([
    { name: 'Федеральная акция', description: 'Сайты, которые показывают общие федеральные акции' },
    { name: 'Премиальные бренды', description: null },
  ]).onConflictDoNothing();
}
