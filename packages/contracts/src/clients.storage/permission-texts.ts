import type { Lang } from '../kit/messages.ts';

/**
 * Human names and descriptions of the permission codes, in both languages, keyed by service and
 * code (`routes.get_list` of clients.storage and of gateway.processing are different rights).
 * The seed stores the Russian texts; the web shows a seeded text in the reader's language as long
 * as nobody has edited it (see seededText).
 */
export type PermissionColumn = 'read' | 'create' | 'change' | 'delete' | 'special';
export const PERMISSION_COLUMNS: PermissionColumn[] = ['read', 'create', 'change', 'delete', 'special'];

type Texts = Record<Lang, string>;
export interface PermissionText {
  name: Texts;
  description: Texts;
}

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

/** The entities of each service: the rows of the permission matrix. '' holds a service's general codes. */
export const PERMISSION_ENTITIES: Record<string, Record<string, Texts>> = {
  'auth.processing': {
    modes: { ru: 'Режимы меню', en: 'Menu modes' },
    custom_tokens: { ru: 'Пользовательские токены', en: 'Custom tokens' },
    '': { ru: 'Платформа', en: 'Platform' },
  },
  'clients.storage': {
    clients: { ru: 'Клиенты', en: 'Clients' },
    groups: { ru: 'Группы клиентов', en: 'Client groups' },
    users: { ru: 'Пользователи', en: 'Users' },
    roles: { ru: 'Роли', en: 'Roles' },
    permissions: { ru: 'Права', en: 'Permissions' },
    routes: { ru: 'Маршруты экранов', en: 'Screen routes' },
    audit: { ru: 'Журнал аудита', en: 'Audit trail' },
    satisfaction: { ru: 'Опрос удовлетворённости', en: 'Satisfaction survey' },
  },
  'gateway.processing': {
    routes: { ru: 'Маршруты шлюза', en: 'Gateway routes' },
    restrictions: { ru: 'Ограничения', en: 'Restrictions' },
  },
  'sites.context': {
    sites: { ru: 'Сайты', en: 'Sites' },
    pages: { ru: 'Страницы', en: 'Pages' },
    layouts: { ru: 'Макеты', en: 'Layouts' },
    templates: { ru: 'Шаблоны', en: 'Templates' },
    dealers: { ru: 'Дилерские центры', en: 'Dealer centres' },
    site_groups: { ru: 'Группы сайтов', en: 'Site groups' },
  },
  'content.storage': {
    op_news: { ru: 'Новости платформы', en: 'Platform news' },
    // sites.context pages: the specials and news views over collection pages.
    collections: { ru: 'Коллекции (спецпредложения, новости)', en: 'Collections (specials, news)' },
    // content.storage stages (issue 10, media and stages).
    stages: { ru: 'Сцены (баннеры главной страницы)', en: 'Stages (main page banners)' },
  },
  // media.storage: the media library (issue 10, media and stages).
  'media.storage': { media: { ru: 'Медиабиблиотека', en: 'Media library' } },
  // seo and floors.storage (issue 10, floors and SEO).
  seo: {
    seo_configs: { ru: 'SEO-настройки', en: 'SEO settings' },
    redirects: { ru: 'Редиректы', en: 'Redirects' },
    seo_constants: { ru: 'SEO-константы', en: 'SEO constants' },
  },
  'floors.storage': {
    floors: { ru: 'Этажи', en: 'Floors' },
    floor_groups: { ru: 'Группы этажей', en: 'Floor groups' },
  },
  marketplace: { modules: { ru: 'Модули', en: 'Modules' } },
  // cars.stock (issue 12): cars of a site's stock.
  'cars.stock': { cars: { ru: 'Автомобили склада', en: 'Stock cars' } },
  // cars.stock.sites and cars.sorting (issue 12, "stock-settings").
  'cars.stock.sites': { stock_settings: { ru: 'Настройки склада сайта (шоурум, фильтры, просмотренные и избранное)', en: 'Site stock settings (showroom, filters, viewed and favorites)' } },
  'cars.sorting': { sorting: { ru: 'Сортировка автомобилей сайта', en: 'Site car sorting' } },
  // dealerships (issue 12): dealerships (dealers.*), their departments, employees and services.
  dealerships: {
    dealers: { ru: 'Дилерские центры (карточки)', en: 'Dealerships' },
    departments: { ru: 'Отделы дилерских центров', en: 'Dealership departments' },
    employees: { ru: 'Сотрудники дилерских центров', en: 'Dealership employees' },
    services: { ru: 'Услуги дилерских центров', en: 'Dealership services' },
  },
  // cars.vins (issue 12, engineer "vins"): VIN data, retrieval profiles, allowed clients.
  'cars.vins': {
    vin_data: { ru: 'VIN-данные', en: 'VIN data' },
    vin_profiles: { ru: 'Профили получения VIN-данных', en: 'VIN data retrieval profiles' },
    vin_clients: { ru: 'Клиенты с доступом к VIN-данным', en: 'Clients allowed VIN data' },
  },
  // cars.import and cars.import.alias (issue 13, engineer "feeds-import").
  'cars.import': {
    import_settings: { ru: 'Настройки импорта автомобилей', en: 'Car import settings' },
    import: { ru: 'Запуск импорта автомобилей', en: 'Running a car import' },
    import_reports: { ru: 'Отчёты импорта автомобилей', en: 'Car import reports' },
    import_profiles: { ru: 'Профили импорта', en: 'Import profiles' },
    import_hooks: { ru: 'Хуки импорта', en: 'Import hooks' },
    // issue 13, engineer "feeds-screens": the import states screen (staff).
    import_states: { ru: 'Состояния импорта клиентов', en: "Clients' import states" },
  },
  'cars.import.alias': { field_aliases: { ru: 'Алиасы полей импорта и экспорта', en: 'Import and export field aliases' } },
  // cars.export and importer.notifier (issue 13, engineer "feeds-export").
  'cars.export': {
    export_settings: { ru: 'Настройки экспорта автомобилей', en: 'Car export settings' },
    offers: { ru: 'Коммерческие предложения', en: 'Commercial offers' },
  },
  'importer.notifier': {
    notifier_settings: { ru: 'Настройки уведомлений об импорте', en: 'Import notice settings' },
    notifier_reports: { ru: 'Отправленные отчёты об импорте', en: 'Sent import reports' },
  },
  'sites.controller': { '': { ru: 'Задачи сайтов', en: 'Site tasks' } },
  'error-collection-system': { '': { ru: 'Сбор ошибок', en: 'Error collection' } },
  'request.storage': {
    callback_requests: { ru: 'Заявки на обратный звонок', en: 'Callback requests' },
    email_actions: { ru: 'Почтовые действия', en: 'E-mail actions' },
    proxy_actions: { ru: 'Прокси-действия', en: 'Proxy actions' },
    offensive_words: { ru: 'Запрещённые слова', en: 'Offensive words' },
    // request.storage (issue 14, engineer "requests")
    requests: { ru: 'Заявки с сайтов', en: 'Site requests' },
    requests_settings: { ru: 'Настройки заявок', en: 'Request settings' },
    request_blocks: { ru: 'Блокировки отправителей', en: 'Sender blocks' },
    // sender (issue 14, engineer "sender"): resending and dismissing lost requests.
    lost_requests: { ru: 'Потерянные заявки', en: 'Lost requests' },
  },
  // sender (issue 14, engineer "sender").
  sender: {
    email_actions: { ru: 'Шаблоны писем', en: 'E-mail templates' },
    proxy_actions: { ru: 'Прокси-действия', en: 'Proxy actions' },
    smtp_settings: { ru: 'Настройки SMTP', en: 'SMTP settings' },
    // sender (issue 14, engineer "central-proxy").
    central_proxy_actions: { ru: 'Общие прокси-действия', en: 'Central proxy actions' },
  },
  'form-constructor': { form_constructor: { ru: 'Конструктор форм', en: 'Form constructor' } },
  'cars.catalog': {
    brands: { ru: 'Марки', en: 'Brands' },
    models: { ru: 'Модели', en: 'Models' },
    generations: { ru: 'Поколения', en: 'Generations' },
    restylings: { ru: 'Рестайлинги', en: 'Restylings' },
    complectations: { ru: 'Комплектации', en: 'Trims' },
    bodies: { ru: 'Кузова', en: 'Bodies' },
    fuels: { ru: 'Виды топлива', en: 'Fuels' },
    transmissions: { ru: 'Коробки передач', en: 'Transmissions' },
    wheel_drives: { ru: 'Приводы', en: 'Wheel drives' },
    colors: { ru: 'Цвета', en: 'Colours' },
    marketing_complectations: { ru: 'Маркетинговые комплектации', en: 'Marketing trims' },
    option_categories: { ru: 'Категории опций', en: 'Option categories' },
    options: { ru: 'Опции', en: 'Options' },
    dealer_options: { ru: 'Дилерские опции', en: 'Dealer options' },
    discounts: { ru: 'Скидки', en: 'Discounts' },
    programs: { ru: 'Кредитные программы', en: 'Credit programs' },
    labels: { ru: 'Метки автомобилей', en: 'Car labels' },
    body_colors: { ru: 'Цвета кузова', en: 'Body colours' },
    upholsteries: { ru: 'Обивки салона', en: 'Upholsteries' },
    marketing_galleries: { ru: 'Маркетинговые галереи', en: 'Marketing galleries' },
  },
};

const text = (ru: string, en: string): Texts => ({ ru, en });
const special = (name: Texts, description: Texts): PermissionText => ({ name, description });

/** Codes whose meaning is not read / create / change / delete of an entity. */
const SPECIAL_TEXTS: Record<string, Record<string, PermissionText>> = {
  'auth.processing': {
    site_mode: special(text('Режим «Сайт»', 'Site mode'), text('Открывает режим «Сайт»: выбор сайта и экраны его содержимого', 'Opens the Site mode: site selection and the screens of its content')),
    dictionaries_mode: special(
      text('Режим «Справочники»', 'Dictionaries mode'),
      text('Открывает режим «Справочники»: группы клиентов, все сайты, этажи', 'Opens the Dictionaries mode: client groups, all sites, floors'),
    ),
    settings_mode: special(
      text('Режим «Настройки»', 'Settings mode'),
      text('Открывает режим «Настройки»: доступ и администрирование платформы', 'Opens the Settings mode: access and platform administration'),
    ),
    'custom_tokens.view': special(
      text('Пользовательские токены', 'Custom tokens'),
      text('Создавать, видеть и отзывать API-токены своего клиента', 'Create, see and revoke the API tokens of one\'s client'),
    ),
    root: special(
      text('Администратор платформы (root)', 'Platform administrator (root)'),
      text(
        'Вход как любой клиент; сотрудник платформы с этим правом выдаёт любые права и проходит любые ограничения',
        'Log in as any client; platform staff holding it grant anything and pass every restriction',
      ),
    ),
    read_and_write: special(text('Чтение и запись', 'Read and write'), text('Общее право чтения и изменения данных', 'General right to read and change data')),
  },
  'clients.storage': {
    'satisfaction.report': special(
      text('Отчёт об удовлетворённости', 'Satisfaction report'),
      text('Скачивать оценки пользователей за месяц в CSV', 'Download the users\' ratings of a month as CSV'),
    ),
  },
  'sites.context': {
    'sites.republish': special(text('Сайты: переопубликование', 'Sites: republish'), text('Заново собирать и публиковать страницы сайтов', 'Render and publish the pages of sites again')),
    // sites.context pages: publishing on sites with strict publishing.
    'pages.publish': special(
      text('Страницы: публикация', 'Pages: publish'),
      text('Публиковать страницы на сайтах со строгой публикацией (после утверждения)', 'Publish pages on sites with strict publishing (after submission)'),
    ),
    'layouts.publish': special(
      text('Макеты: публикация', 'Layouts: publish'),
      text('Публиковать макеты на сайтах со строгой публикацией (после утверждения)', 'Publish layouts on sites with strict publishing (after submission)'),
    ),
  },
  // content.storage stages: publishing on sites with strict publishing.
  'content.storage': {
    'stages.publish': special(
      text('Сцены: публикация', 'Stages: publish'),
      text('Публиковать сцены на сайтах со строгой публикацией (после утверждения)', 'Publish stages on sites with strict publishing (after submission)'),
    ),
  },
  marketplace: {
    'modules.install': special(
      text('Модули: установка на сайты', 'Modules: install on sites'),
      text('Устанавливать и удалять модули на доступных сайтах', 'Install and uninstall modules on reachable sites'),
    ),
  },
  'sites.controller': {
    tasks: special(
      text('Задачи сайтов', 'Site tasks'),
      text(
        'Видеть и обрабатывать задачи создания и изменения виртуальных машин сайтов: одобрять, отклонять, повторять',
        'See and handle the tasks that create or change site virtual machines: approve, decline, retry',
      ),
    ),
  },
  'error-collection-system': {
    sso_show: special(text('Система сбора ошибок', 'Error collection system'), text('Открывать проекты и поиск системы сбора ошибок', 'Open the projects and search of the error collection system')),
  },
  'cars.vins': {
    'vin_data.import': special(text('VIN-данные: импорт', 'VIN data: import'), text('Загружать VIN-данные из файла и добавлять записи вручную', 'Upload VIN data from a file and add records by hand')),
  },
  'request.storage': {
    'offensive_words.admin': special(text('Запрещённые слова: управление', 'Offensive words: manage'), text('Вести список запрещённых слов в заявках', 'Keep the list of words refused in requests')),
  },
  // cars.import (issue 13, engineer "feeds-screens").
  'cars.import': {
    'import.run': special(text('Импорт: запуск', 'Import: run'), text('Запускать импорт автомобилей сайта из его фидов', "Run the import of a site's cars from its feeds")),
    'import_states.manage': special(
      text('Состояния импорта: управление', 'Import states: manage'),
      text('Прерывать, перезапускать и сбрасывать импорт любого клиента, сбрасывать кэш каталога', "Abort, restart and reset any client's import, reset the catalogue cache"),
    ),
  },
  'cars.catalog': {
    'models.restore': special(text('Модели: восстановление', 'Models: restore'), text('Восстанавливать модели из истории изменений', 'Restore models from their history of changes')),
  },
};

const ACTION_TEXTS: Record<Exclude<PermissionColumn, 'special'>, { name: Texts; description: Texts }> = {
  read: { name: text('просмотр', 'view'), description: text('Видеть раздел «{entity}»: список и карточки записей', 'See "{entity}": the list and each record') },
  create: { name: text('создание', 'create'), description: text('Создавать записи раздела «{entity}»', 'Create records in "{entity}"') },
  change: { name: text('изменение', 'change'), description: text('Изменять записи раздела «{entity}»', 'Change records in "{entity}"') },
  delete: { name: text('удаление', 'delete'), description: text('Удалять записи раздела «{entity}»', 'Delete records in "{entity}"') },
};

/** The name and description of a code in a language; null for a code nobody has named. */
export function permissionText(service: string, code: string, lang: Lang): { name: string; description: string } | null {
  const own = SPECIAL_TEXTS[service]?.[code];
  if (own) return { name: own.name[lang], description: own.description[lang] };
  const { entity, column } = permissionParts(code);
  const entityName = PERMISSION_ENTITIES[service]?.[entity]?.[lang];
  if (!entityName || column === 'special') return null;
  const action = ACTION_TEXTS[column];
  return { name: `${entityName}: ${action.name[lang]}`, description: action.description[lang].replace('{entity}', entityName) };
}

/** The name of a matrix row (an entity of a service) in a language, or null. */
export function permissionEntityName(service: string, entity: string, lang: Lang): string | null {
  return PERMISSION_ENTITIES[service]?.[entity]?.[lang] ?? null;
}
