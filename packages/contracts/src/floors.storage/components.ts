import { z } from 'zod';
import { email, integer, optionalMultiLineText, optionalText, optionalWrittenPhone, requiredText, writtenPhone, safeString } from '../kit/fields.ts';
import { encodeMessage, messages, type Lang, type MessageKey, type MessageParams } from '../kit/messages.ts';
import { COLLECTION_TYPES, imageWithText, videoBlock } from '../sites.context/content-fields.ts';
import { richText, SAFE_HREF } from './rich-text.ts';

/**
 * The component registry: what a floor shows. A component is known by its identity
 * (`text`, `cards` …) and declares its values field by field; the declaration is the one source of
 * the values' zod schema (`componentSchema`), of the floor editor's form, of the render dictionary
 * `GET /render/api/v1/components` and of what the public renderer reads. Values are plain JSON:
 * texts, numbers, switches, choices, lists and groups of them; rich text is the HTML-free subset
 * of rich-text.ts, links are page addresses or http(s)/mailto/tel, images and videos are the shapes
 * of sites.context/content-fields.ts (`imageWithText`, `videoBlock`).
 *
 * Adding a component: one entry in COMPONENTS. Changing one: existing floors keep their values,
 * so only add optional fields; a renamed or removed field makes stored floors fail validation on
 * their next save ("too many values").
 */
type Texts = Record<Lang, string>;

interface FieldBase {
  name: string;
  label: Texts;
  /** Must be given (a list: at least `min` items, default 1). */
  required?: boolean;
  /** A hint under the field in the editor. */
  hint?: Texts;
  /**
   * Where the value is chosen from: `site_forms`, a constructor form of the site the floor is placed
   * on (its id), picked by its title where the floor is placed on a page.
   */
  source?: 'site_forms';
}

export type ValueField =
  | (FieldBase & { kind: 'text'; max?: number })
  | (FieldBase & { kind: 'multiline'; max?: number })
  | (FieldBase & { kind: 'rich_text'; max?: number })
  | (FieldBase & { kind: 'link' })
  | (FieldBase & { kind: 'phone' })
  | (FieldBase & { kind: 'email' })
  | (FieldBase & { kind: 'image' })
  | (FieldBase & { kind: 'video' })
  | (FieldBase & { kind: 'number'; min: number; max: number; default?: number })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'select'; options: readonly { value: string; label: Texts }[]; default?: string })
  | (FieldBase & { kind: 'list'; item: ValueField[]; min?: number; max: number; itemLabel: Texts })
  | (FieldBase & { kind: 'group'; fields: ValueField[] });

export interface ComponentDef {
  identity: string;
  name: Texts;
  description: Texts;
  fields: ValueField[];
}

const tx = (ru: string, en: string): Texts => ({ ru, en });
const option = (value: string, ru: string, en: string) => ({ value, label: tx(ru, en) });

/** A link target: a page address (`/…`), http(s)://…, mailto: or tel: (nothing that runs). */
export const linkHref = () =>
  safeString()
    .trim()
    .min(1)
    .max(2048)
    .refine((value) => SAFE_HREF.test(value), { error: encodeMessage('link_format') });

/** Title weights of headings (the render dictionary `title_weights`). */
export const TITLE_WEIGHTS = [
  { code: 'regular', weight: 400, name: tx('Обычный', 'Regular') },
  { code: 'medium', weight: 500, name: tx('Средний', 'Medium') },
  { code: 'semibold', weight: 600, name: tx('Полужирный', 'Semibold') },
  { code: 'bold', weight: 700, name: tx('Жирный', 'Bold') },
] as const;

const title = (): ValueField => ({ name: 'title', kind: 'text', max: 255, label: tx('Заголовок блока', 'Block title') });
const limit = (fallback: number): ValueField => ({ name: 'limit', kind: 'number', min: 1, max: 24, default: fallback, label: tx('Сколько показывать', 'How many to show') });
const tags = (): ValueField => ({
  name: 'tags',
  kind: 'list',
  max: 20,
  itemLabel: tx('Тег', 'Tag'),
  label: tx('Только с тегами', 'Only with tags'),
  item: [{ name: 'tag', kind: 'text', max: 50, required: true, label: tx('Тег', 'Tag') }],
});
const linkItem = (): ValueField[] => [
  { name: 'text', kind: 'text', max: 100, required: true, label: tx('Текст', 'Text') },
  { name: 'link', kind: 'link', required: true, label: tx('Ссылка', 'Link') },
];
const phones = (): ValueField => ({
  name: 'phones',
  kind: 'list',
  max: 10,
  itemLabel: tx('Телефон', 'Phone'),
  label: tx('Телефоны', 'Phones'),
  item: [
    { name: 'label', kind: 'text', max: 100, label: tx('Подпись', 'Label') },
    { name: 'phone', kind: 'phone', required: true, label: tx('Номер', 'Number') },
  ],
});
const hours = (): ValueField => ({
  name: 'hours',
  kind: 'list',
  max: 14,
  itemLabel: tx('Строка расписания', 'Schedule line'),
  label: tx('Часы работы', 'Opening hours'),
  item: [
    { name: 'days', kind: 'text', max: 100, required: true, label: tx('Дни', 'Days') },
    { name: 'time', kind: 'text', max: 100, required: true, label: tx('Время', 'Time') },
  ],
});

/** Button block (spec 000 §3): text, link, type, icon and its position, style, size, full width. */
export const BUTTON_FIELDS: ValueField[] = [
  { name: 'text', kind: 'text', max: 100, required: true, label: tx('Текст', 'Text') },
  { name: 'link', kind: 'link', required: true, label: tx('Ссылка', 'Link') },
  { name: 'type', kind: 'select', default: 'link', label: tx('Тип', 'Type'), options: [option('link', 'Ссылка', 'Link'), option('phone', 'Звонок', 'Call'), option('form', 'Открыть форму', 'Open a form')] },
  {
    name: 'icon',
    kind: 'select',
    label: tx('Иконка', 'Icon'),
    options: [option('arrow', 'Стрелка', 'Arrow'), option('phone', 'Телефон', 'Phone'), option('car', 'Автомобиль', 'Car'), option('calendar', 'Календарь', 'Calendar'), option('download', 'Скачать', 'Download')],
  },
  { name: 'icon_position', kind: 'select', default: 'left', label: tx('Положение иконки', 'Icon position'), options: [option('left', 'Слева', 'Left'), option('right', 'Справа', 'Right')] },
  { name: 'style', kind: 'select', default: 'primary', label: tx('Стиль', 'Style'), options: [option('primary', 'Основная', 'Primary'), option('secondary', 'Второстепенная', 'Secondary'), option('outline', 'Контурная', 'Outline'), option('text', 'Текстовая', 'Text')] },
  { name: 'size', kind: 'select', default: 'medium', label: tx('Размер', 'Size'), options: [option('small', 'Маленькая', 'Small'), option('medium', 'Средняя', 'Medium'), option('large', 'Большая', 'Large')] },
  { name: 'full_width', kind: 'boolean', default: false, label: tx('Во всю ширину', 'Full width') },
];

const COLLECTION_NAMES: Record<(typeof COLLECTION_TYPES)[number], Texts> = {
  any: tx('Любая', 'Any'),
  news: tx('Новости', 'News'),
  article: tx('Статьи', 'Articles'),
  specials: tx('Спецпредложения', 'Special offers'),
};

/** Every component by identity. */
export const COMPONENTS: ComponentDef[] = [
  {
    identity: 'header',
    name: tx('Шапка сайта', 'Site header'),
    description: tx('Логотип, меню из дерева страниц и дополнительные пункты, телефон и кнопка', 'Logo, a menu of the page tree and extra items, a phone and a button'),
    fields: [
      { name: 'show_logo', kind: 'boolean', default: true, label: tx('Показывать логотип сайта', "Show the site's logo") },
      { name: 'menu_from_pages', kind: 'boolean', default: true, label: tx('Меню из дерева страниц', 'Menu from the page tree'), hint: tx('Страницы со скрытием из меню не попадут в меню', 'Pages hidden from the menu are left out') },
      { name: 'menu', kind: 'list', max: 12, itemLabel: tx('Пункт меню', 'Menu item'), label: tx('Дополнительные пункты меню', 'Extra menu items'), item: linkItem() },
      { name: 'phone', kind: 'phone', label: tx('Телефон', 'Phone') },
      { name: 'button', kind: 'group', label: tx('Кнопка', 'Button'), fields: linkItem() },
    ],
  },
  {
    identity: 'footer',
    name: tx('Подвал сайта', 'Site footer'),
    description: tx('Контакты дилера, меню ссылок, соцсети и копирайт', 'Dealer contacts, a menu of links, social networks and the copyright'),
    fields: [
      { name: 'address', kind: 'text', max: 500, label: tx('Адрес', 'Address') },
      phones(),
      { name: 'email', kind: 'email', label: tx('E-mail', 'E-mail') },
      { name: 'menu', kind: 'list', max: 30, itemLabel: tx('Ссылка', 'Link'), label: tx('Ссылки', 'Links'), item: linkItem() },
      {
        name: 'social',
        kind: 'list',
        max: 10,
        itemLabel: tx('Соцсеть', 'Social network'),
        label: tx('Соцсети', 'Social networks'),
        item: [
          { name: 'network', kind: 'select', required: true, label: tx('Сеть', 'Network'), options: [option('vk', 'ВКонтакте', 'VK'), option('telegram', 'Telegram', 'Telegram'), option('ok', 'Одноклассники', 'Odnoklassniki'), option('youtube', 'YouTube', 'YouTube'), option('rutube', 'Rutube', 'Rutube'), option('dzen', 'Дзен', 'Dzen')] },
          { name: 'url', kind: 'link', required: true, label: tx('Адрес', 'Address') },
        ],
      },
      { name: 'copyright', kind: 'text', max: 255, label: tx('Копирайт', 'Copyright') },
    ],
  },
  {
    identity: 'heading',
    name: tx('Заголовок', 'Heading'),
    description: tx('Заголовок раздела с подзаголовком', 'A section heading with a subtitle'),
    fields: [
      { name: 'text', kind: 'text', max: 255, required: true, label: tx('Текст', 'Text') },
      { name: 'level', kind: 'select', default: 'h2', label: tx('Уровень', 'Level'), options: [option('h1', 'H1', 'H1'), option('h2', 'H2', 'H2'), option('h3', 'H3', 'H3')] },
      { name: 'weight', kind: 'select', default: 'bold', label: tx('Насыщенность', 'Weight'), options: TITLE_WEIGHTS.map((w) => ({ value: w.code, label: w.name })) },
      { name: 'subtitle', kind: 'text', max: 500, label: tx('Подзаголовок', 'Subtitle') },
    ],
  },
  {
    identity: 'text',
    name: tx('Текст', 'Text'),
    description: tx('Форматированный текст: абзацы, заголовки, списки, ссылки (без HTML)', 'Formatted text: paragraphs, headings, lists, links (no HTML)'),
    fields: [
      title(),
      { name: 'body', kind: 'rich_text', max: 20_000, required: true, label: tx('Текст', 'Text'), hint: tx('**жирный**, *курсив*, [ссылка](/page), «- » для списка, «## » для заголовка', '**bold**, *italic*, [link](/page), "- " for a list, "## " for a heading') },
    ],
  },
  {
    identity: 'image',
    name: tx('Изображение', 'Image'),
    description: tx('Одно изображение с подписью и ссылкой', 'One image with a caption and a link'),
    fields: [
      { name: 'image', kind: 'image', required: true, label: tx('Изображение', 'Image') },
      { name: 'caption', kind: 'text', max: 500, label: tx('Подпись', 'Caption') },
      { name: 'link', kind: 'link', label: tx('Ссылка', 'Link') },
    ],
  },
  {
    identity: 'gallery',
    name: tx('Галерея', 'Gallery'),
    description: tx('Несколько изображений с подписями', 'Several images with captions'),
    fields: [
      title(),
      {
        name: 'images',
        kind: 'list',
        required: true,
        min: 1,
        max: 50,
        itemLabel: tx('Изображение', 'Image'),
        label: tx('Изображения', 'Images'),
        item: [
          { name: 'image', kind: 'image', required: true, label: tx('Изображение', 'Image') },
          { name: 'caption', kind: 'text', max: 500, label: tx('Подпись', 'Caption') },
        ],
      },
    ],
  },
  {
    identity: 'cards',
    name: tx('Карточки', 'Cards'),
    description: tx('Плитки с изображением, текстом и ссылкой', 'Tiles with an image, a text and a link'),
    fields: [
      title(),
      { name: 'columns', kind: 'select', default: '3', label: tx('Колонок', 'Columns'), options: [option('2', '2', '2'), option('3', '3', '3'), option('4', '4', '4')] },
      {
        name: 'cards',
        kind: 'list',
        required: true,
        min: 1,
        max: 24,
        itemLabel: tx('Карточка', 'Card'),
        label: tx('Карточки', 'Cards'),
        item: [
          { name: 'title', kind: 'text', max: 255, required: true, label: tx('Заголовок', 'Title') },
          { name: 'text', kind: 'multiline', max: 2000, label: tx('Текст', 'Text') },
          { name: 'image', kind: 'image', label: tx('Изображение', 'Image') },
          { name: 'link', kind: 'link', label: tx('Ссылка', 'Link') },
          { name: 'link_text', kind: 'text', max: 100, label: tx('Текст ссылки', 'Link text') },
        ],
      },
    ],
  },
  {
    identity: 'buttons',
    name: tx('Кнопки', 'Buttons'),
    description: tx('Ряд кнопок: текст, ссылка, тип, иконка, стиль, размер', 'A row of buttons: text, link, type, icon, style, size'),
    fields: [
      { name: 'alignment', kind: 'select', default: 'left', label: tx('Выравнивание', 'Alignment'), options: [option('left', 'Слева', 'Left'), option('center', 'По центру', 'Center'), option('right', 'Справа', 'Right')] },
      { name: 'buttons', kind: 'list', required: true, min: 1, max: 6, itemLabel: tx('Кнопка', 'Button'), label: tx('Кнопки', 'Buttons'), item: BUTTON_FIELDS },
    ],
  },
  {
    identity: 'video',
    name: tx('Видео', 'Video'),
    description: tx('YouTube, Vimeo, Rutube или mp4 с разметкой schema.org VideoObject', 'YouTube, Vimeo, Rutube or mp4 with schema.org VideoObject markup'),
    fields: [
      title(),
      { name: 'video', kind: 'video', required: true, label: tx('Видео', 'Video') },
    ],
  },
  {
    identity: 'contacts',
    name: tx('Контакты', 'Contacts'),
    description: tx('Адрес дилера, телефоны, часы работы и ссылка на карту', "The dealer's address, phones, opening hours and a map link"),
    fields: [
      title(),
      { name: 'address', kind: 'text', max: 500, required: true, label: tx('Адрес', 'Address') },
      { ...phones(), required: true, min: 1 } as ValueField,
      { name: 'email', kind: 'email', label: tx('E-mail', 'E-mail') },
      hours(),
      { name: 'map_link', kind: 'link', label: tx('Ссылка на карту', 'Map link') },
    ],
  },
  {
    identity: 'form',
    name: tx('Форма заявки', 'Request form'),
    description: tx('Место формы заявки: какую форму показать (формы настраиваются в заявках)', 'The place of a request form: which form to show (forms are set up in requests)'),
    fields: [
      title(),
      {
        name: 'form',
        kind: 'select',
        required: true,
        label: tx('Форма', 'Form'),
        options: [
          option('callback', 'Обратный звонок', 'Callback'),
          option('test_drive', 'Тест-драйв', 'Test drive'),
          option('service', 'Запись на сервис', 'Service booking'),
          option('buy_model', 'Покупка модели', 'Buying a model'),
          option('subscription', 'Подписка на новости', 'Newsletter subscription'),
          option('credit', 'Кредит', 'Credit'),
          option('trade_in', 'Трейд-ин', 'Trade-in'),
        ],
        hint: tx(
          'Каждая форма со своими полями и своим типом заявки; кредит и трейд-ин — форма обратного звонка',
          'Each form has its own fields and request type; credit and trade-in show the callback form',
        ),
      },
      { name: 'description', kind: 'multiline', max: 1000, label: tx('Описание', 'Description') },
      { name: 'button_text', kind: 'text', max: 100, label: tx('Текст кнопки', 'Button text') },
    ],
  },
  {
    identity: 'custom_form',
    name: tx('Форма из конструктора', 'Constructor form'),
    description: tx('Форма, собранная в конструкторе форм сайта; заявки с неё приходят в заявки этой формы', "A form built in the site's form constructor; what visitors send arrives as that form's requests"),
    fields: [
      title(),
      {
        name: 'form_id',
        kind: 'number',
        min: 1,
        max: 2_147_483_647,
        source: 'site_forms',
        label: tx('Форма', 'Form'),
        hint: tx('Выбирается из форм сайта там, где блок стоит на странице', "Chosen from the site's forms where the block is placed on a page"),
      },
    ],
  },
  {
    identity: 'custom_media',
    name: tx('Медиа', 'Custom media'),
    description: tx(
      'Изображения и видео, импортированные профилем медиа сайта (модуль «Медиа»), новые первыми; скрытые не показываются',
      "Pictures and videos a custom media profile of the site imported (the custom media module), newest first; hidden ones are not shown",
    ),
    fields: [
      title(),
      {
        name: 'profile_id',
        kind: 'number',
        min: 1,
        max: 2_147_483_647,
        label: tx('Профиль медиа (номер)', 'Custom media profile (number)'),
        hint: tx('Пусто: все профили сайта. Профиль другого сайта клиента — только если он общий', "Empty: every profile of the site. Another site's profile of the client only when it is sharable"),
      },
      limit(12),
      tags(),
    ],
  },
  {
    identity: 'news_list',
    name: tx('Список новостей', 'News list'),
    description: tx('Последние новости сайта', "The site's latest news"),
    fields: [title(), limit(6), tags(), { name: 'all_link', kind: 'link', label: tx('Ссылка «Все новости»', '"All news" link') }],
  },
  {
    identity: 'specials_list',
    name: tx('Список спецпредложений', 'Special offers list'),
    description: tx('Действующие спецпредложения сайта', "The site's current special offers"),
    fields: [title(), limit(6), tags(), { name: 'all_link', kind: 'link', label: tx('Ссылка «Все предложения»', '"All offers" link') }],
  },
  {
    identity: 'collection_list',
    name: tx('Список коллекции', 'Collection list'),
    description: tx('Страницы коллекции любого типа: статьи, новости, спецпредложения', 'Pages of a collection of any type: articles, news, special offers'),
    fields: [
      title(),
      { name: 'collection_type', kind: 'select', required: true, label: tx('Тип коллекции', 'Collection type'), options: COLLECTION_TYPES.map((type) => option(type, COLLECTION_NAMES[type].ru, COLLECTION_NAMES[type].en)) },
      limit(12),
      tags(),
      { name: 'parent_uri', kind: 'link', label: tx('Только под страницей', 'Only below the page'), hint: tx('Адрес родительской страницы, например /news', 'The address of the parent page, e.g. /news') },
    ],
  },
];


export const COMPONENT_IDENTITIES = COMPONENTS.map((component) => component.identity);

export function findComponent(identity: string): ComponentDef | undefined {
  return COMPONENTS.find((component) => component.identity === identity);
}

/** An emptied optional input ('' from a form) is no value. */
const emptyAsNull = (value: unknown) => (value === '' ? null : value);

/** The zod schema of one value field, as the field declares it (the editor's rules use it too). */
export function valueFieldSchema(field: ValueField): z.ZodType {
  const optional = <T extends z.ZodType>(schema: T) => (field.required ? schema : schema.nullable().optional());
  switch (field.kind) {
    case 'text':
      return field.required ? requiredText(field.max ?? 255) : optionalText(field.max ?? 255);
    case 'multiline':
      return field.required ? safeString({ lines: true }).trim().min(1).max(field.max ?? 2000) : optionalMultiLineText(field.max ?? 2000);
    case 'rich_text':
      return field.required ? richText(field.max).refine((value) => value.length > 0, { error: encodeMessage('required') }) : richText(field.max).nullable().optional();
    case 'link':
      return field.required ? linkHref() : z.preprocess(emptyAsNull, linkHref().nullable().optional());
    case 'phone':
      return field.required ? writtenPhone() : optionalWrittenPhone();
    case 'email':
      return field.required ? email() : z.preprocess(emptyAsNull, email().nullable().optional());
    case 'image':
      return optional(imageWithText);
    case 'video':
      return optional(videoBlock);
    case 'number':
      return field.required ? integer(field.min, field.max) : integer(field.min, field.max).nullable().optional();
    case 'boolean':
      return z.boolean().optional();
    case 'select':
      return optional(z.enum(field.options.map((o) => o.value) as [string, ...string[]]));
    case 'list': {
      const list = z.array(objectSchema(field.item)).min(field.min ?? (field.required ? 1 : 0)).max(field.max);
      return field.required ? list : list.optional();
    }
    case 'group':
      return optional(objectSchema(field.fields));
  }
}

function objectSchema(fields: ValueField[]) {
  return z.strictObject(Object.fromEntries(fields.map((field) => [field.name, valueFieldSchema(field)])));
}

/** The zod schema of a component's values: a strict object of its fields. */
export function componentSchema(component: ComponentDef) {
  return objectSchema(component.fields);
}

/** Values a new floor of the component starts with: switches, choices and numbers at their defaults. */
export function componentDefaults(fields: ValueField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if ((field.kind === 'boolean' || field.kind === 'number' || field.kind === 'select') && field.default !== undefined) values[field.name] = field.default;
    else if (field.kind === 'list') values[field.name] = Array.from({ length: field.min ?? (field.required ? 1 : 0) }, () => componentDefaults(field.item));
    else if (field.kind === 'group' && field.required) values[field.name] = componentDefaults(field.fields);
  }
  return values;
}

/**
 * One problem of a floor's values: where (a path inside the values) and the message. The floor
 * errors of spec 000 §8: component not found, wrong type, too many values, too few values.
 */
export interface FloorValueProblem {
  path: (string | number)[];
  key: MessageKey;
  params?: MessageParams;
}

/** `cards.3.title`: the path as people count (items from 1). */
export const valuePathText = (path: readonly PropertyKey[]) => path.map((part) => (typeof part === 'number' ? String(part + 1) : String(part))).join('.');

/** An encoded message of a zod issue as a key and its parameters (unknown text: invalid_type). */
function decode(message: string): { key: MessageKey; params?: MessageParams } {
  const [key, raw] = message.split(/\|(.*)/s, 2) as [string, string | undefined];
  if (!(key in messages)) return { key: 'invalid_type' };
  try {
    return { key: key as MessageKey, params: raw ? JSON.parse(raw) : undefined };
  } catch {
    return { key: key as MessageKey };
  }
}

/**
 * What is wrong with `values` for the component `identity` (empty when they fit), at most 20
 * problems: an unknown component; a value of the wrong type; a value the component does not take
 * or a list too long (too many values); a required value missing or a list too short (too few).
 */
export function floorValueProblems(identity: string, values: unknown): FloorValueProblem[] {
  const component = findComponent(identity);
  if (!component) return [{ path: [], key: 'floor_component_not_found', params: { component: identity } }];
  const parsed = componentSchema(component).safeParse(values ?? {});
  if (parsed.success) return [];
  const problems: FloorValueProblem[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    const field = valuePathText(path);
    const raw = issue as unknown as { origin?: string; minimum?: unknown; maximum?: unknown; keys?: string[] };
    const message = decode(issue.message);
    if (issue.code === 'unrecognized_keys') {
      for (const key of raw.keys ?? []) problems.push({ path: [...path, key], key: 'floor_unknown_value', params: { field: valuePathText([...path, key]), component: identity } });
    } else if (issue.code === 'too_small' && raw.origin === 'array') {
      problems.push({ path, key: 'floor_too_few_values', params: { field, min: Number(raw.minimum) } });
    } else if (issue.code === 'too_big' && raw.origin === 'array') {
      problems.push({ path, key: 'floor_too_many_values', params: { field, max: Number(raw.maximum) } });
    } else if (message.key === 'required') {
      // Nothing given (or an empty text) where the component needs a value.
      problems.push({ path, key: 'floor_value_missing', params: { field, component: identity } });
    } else if (issue.code === 'invalid_type') {
      problems.push({ path, key: 'floor_wrong_type', params: { field } });
    } else {
      problems.push({ path, ...message });
    }
    if (problems.length >= 20) break;
  }
  return problems.slice(0, 20);
}

/** The component as the render dictionary answers it (names in both languages, fields, defaults). */
export function componentDictionary(component: ComponentDef) {
  return { identity: component.identity, name: component.name, description: component.description, fields: component.fields, defaults: componentDefaults(component.fields) };
}
