import { z } from 'zod';

/** The two interface languages; ru is the default, en the fallback (spec 000 §9). */
export const LANGS = ['ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ru';

/**
 * Every message the server or the web shows for validation and errors, in both languages.
 * Texts in quotes in the specification are used word for word.
 */
export const messages = {
  required: { ru: 'Это поле обязательно для заполнения', en: 'This field is required' },
  max_length: { ru: 'Поле должно состоять из {length} знаков или меньше', en: 'The field must be {length} characters or fewer' },
  min_length: { ru: 'Поле должно состоять из {length} знаков или больше', en: 'The field must be {length} characters or more' },
  min_value: { ru: 'Значение должно быть не меньше {value}', en: 'The value must be at least {value}' },
  max_value: { ru: 'Значение должно быть не больше {value}', en: 'The value must be at most {value}' },
  email: { ru: 'Неправильный формат email', en: 'Invalid email format' },
  email_local_part: { ru: 'Часть адреса до @ должна быть не длиннее 63 знаков', en: 'The part of the address before @ must be 63 characters or fewer' },
  phone: { ru: 'Неправильный формат телефона: +7, 7 или 8 и 10 цифр', en: 'Invalid phone number: +7, 7 or 8 followed by 10 digits' },
  url: { ru: 'Неправильный формат URL', en: 'Invalid URL format' },
  password: {
    ru: 'Пароль должен быть не короче 8 знаков и содержать заглавную букву, цифру и специальный символ',
    en: 'The password must be at least 8 characters long and contain a capital letter, a digit and a special character',
  },
  passwords_mismatch: { ru: 'Пароли не совпадают', en: 'Passwords do not match' },
  latin: { ru: 'Допустимы только латинские буквы', en: 'Only Latin letters are allowed' },
  code_format: { ru: 'Допустимы латинские буквы, цифры, «-» и «_»', en: 'Only Latin letters, digits, "-" and "_" are allowed' },
  verification_code: {
    ru: 'Код не должен содержать пробелы, кавычки, угловые скобки и кириллицу',
    en: 'The code must not contain spaces, quotes, angle brackets or Cyrillic letters',
  },
  locale: { ru: 'Язык должен быть ru или en', en: 'The language must be ru or en' },
  invalid_type: { ru: 'Неверный тип значения', en: 'Invalid value type' },
  invalid_choice: { ru: 'Недопустимое значение', en: 'Invalid value' },
  integer: { ru: 'Значение должно быть целым числом', en: 'The value must be a whole number' },
  unknown_field: { ru: 'Поле «{field}» не поддерживается', en: 'The field "{field}" is not accepted' },
  at_least_one_client: { ru: 'Необходимо выбрать хотя бы одного клиента', en: 'At least one client is required' },
  invalid_body: { ru: 'Тело запроса должно содержать объект data', en: 'The request body must contain a data object' },
  invalid_filter: { ru: 'Фильтр «{field}» не поддерживается', en: 'The filter "{field}" is not supported' },
  invalid_sort: { ru: 'Сортировка по полю «{field}» не поддерживается', en: 'Sorting by "{field}" is not supported' },
  invalid_reference: { ru: 'Связанная запись {id} не найдена', en: 'The related record {id} was not found' },
  form_invalid: { ru: 'Форма недействительна', en: 'The form is invalid' },
  invalid_characters: {
    ru: 'Поле содержит недопустимые символы: управляющие (например, нулевой) или повреждённые',
    en: 'The field contains characters that are not allowed: control characters (such as NUL) or broken ones',
  },
  single_line: { ru: 'Поле должно быть одной строкой, без переводов строки и табуляции', en: 'The field must be a single line, without line breaks or tabs' },
  max_items: { ru: 'Не больше {count} элементов', en: 'At most {count} items' },
  invalid_json: { ru: 'Тело запроса не является корректным JSON', en: 'The request body is not valid JSON' },
  body_too_complex: {
    ru: 'Тело запроса слишком сложное: не больше {keys} полей, {items} элементов списков и {depth} уровней вложенности',
    en: 'The request body is too complex: at most {keys} fields, {items} list items and {depth} levels of nesting',
  },
  unsupported_media_type: { ru: 'Тип содержимого не поддерживается: отправьте application/json', en: 'Unsupported content type: send application/json' },
  bad_request: { ru: 'Некорректный запрос', en: 'The request is malformed' },
  bad_url: { ru: 'Некорректный адрес запроса', en: 'The request address is malformed' },
  url_too_long: { ru: 'Адрес запроса слишком длинный', en: 'The request address is too long' },
  headers_too_large: { ru: 'Заголовки запроса слишком велики', en: 'The request headers are too large' },
  request_timeout: { ru: 'Время ожидания запроса истекло', en: 'The request timed out' },

  unauthorized: { ru: 'Требуется авторизация', en: 'Unauthorized' },
  session_expired: { ru: 'Сессия истекла, войдите снова', en: 'Your session has expired, please sign in again' },
  forbidden: { ru: 'Недостаточно прав для этого действия', en: 'You do not have permission for this action' },
  not_found: { ru: 'Запись не найдена', en: 'The record was not found' },
  route_not_found: { ru: 'Адрес не найден', en: 'The address was not found' },
  conflict_unique: { ru: 'Запись с таким значением «{field}» уже существует', en: 'A record with this "{field}" already exists' },
  in_use: { ru: 'Запись используется и не может быть удалена', en: 'The record is in use and cannot be deleted' },
  too_many_requests: { ru: 'Слишком много попыток. Повторите через {seconds} с', en: 'Too many attempts. Try again in {seconds} s' },
  payload_too_large: { ru: 'Слишком большой запрос', en: 'The request is too large' },
  internal: { ru: 'Внутренняя ошибка сервера. Повторите попытку позже', en: 'Internal server error. Please try again later' },
  service_unavailable: { ru: 'Сервис временно недоступен', en: 'The service is temporarily unavailable' },

  invalid_credentials: { ru: 'Неверный логин или пароль', en: 'Invalid login or password' },
  user_inactive: { ru: 'Учётная запись отключена', en: 'The account is deactivated' },
  invalid_refresh_token: { ru: 'Недействительный токен обновления', en: 'Invalid refresh token' },
  wrong_current_password: { ru: 'Текущий пароль указан неверно', en: 'The current password is wrong' },
  same_password: { ru: 'Новый пароль должен отличаться от текущего', en: 'The new password must differ from the current one' },
  user_email_not_found: { ru: 'Пользователь с e-mail {email} не найден', en: 'User with the e-mail {email} was not found' },
  restore_code_invalid: { ru: 'Неверный или просроченный код', en: 'The code is wrong or has expired' },
  restore_attempts_exceeded: { ru: 'Превышено число попыток. Запросите новый код', en: 'Too many attempts. Request a new code' },
  restore_not_found: { ru: 'Запрос на восстановление не найден или устарел', en: 'The recovery request was not found or has expired' },
  grant_forbidden: { ru: 'Нельзя выдать права, роли или клиентов, которых нет у вас самих', en: 'You cannot grant permissions, roles or clients you do not hold yourself' },
  last_client_user: {
    ru: 'Нельзя удалить основного или единственного пользователя клиента «{client}»',
    en: 'The default or the only user of the client "{client}" cannot be deleted',
  },
  internal_root_only: {
    ru: 'Сделать пользователя сотрудником платформы может только администратор платформы (root)',
    en: 'Only a platform administrator (root) can make a user platform staff',
  },
  internal_needs_internal_email: {
    ru: 'У сотрудника платформы должен быть e-mail в домене платформы',
    en: 'Platform staff must have an e-mail address on the platform\'s domain',
  },
  internal_email_staff_only: {
    ru: 'Адреса в домене платформы могут выдавать только сотрудники платформы',
    en: 'Only platform staff can give addresses on the platform\'s e-mail domain',
  },
  user_outside_scope: {
    ru: 'Пользователь работает и с клиентами, которые вам недоступны: изменить его может только тот, кому доступны все его клиенты',
    en: 'This user also works for clients outside your reach: only someone who reaches all of its clients may change it',
  },
  user_stronger: {
    ru: 'У пользователя есть права, которых нет у вас: изменить его может только тот, у кого есть все его права',
    en: 'This user holds permissions you do not have: only someone who holds all of them may change it',
  },
  user_internal_staff_only: { ru: 'Сотрудников платформы могут изменять только сотрудники платформы', en: 'Only platform staff can change platform staff' },
  staff_only: { ru: 'Изменять общие справочники платформы могут только сотрудники платформы', en: 'Only platform staff can change the platform\'s shared records' },
  client_groups_staff_only: { ru: 'Включать клиентов в группы могут только сотрудники платформы', en: 'Only platform staff can put clients into groups' },
  default_client_not_chosen: { ru: 'Основной клиент должен быть среди клиентов пользователя', en: 'The default client must be one of the user\'s clients' },
  unsupported_auth_method: { ru: 'Способ входа не поддерживается', en: 'This sign-in method is not supported' },

  permission_unknown: { ru: 'Права «{permission}» не существует', en: 'The permission "{permission}" does not exist' },
  permission_not_held: { ru: 'Нельзя выдать право «{permission}»: у вас его нет', en: 'You cannot grant "{permission}": you do not hold it' },
  token_not_allowed: { ru: 'Это действие недоступно по API-токену', en: 'This action is not available with an API token' },
  oidc_provider_unknown: { ru: 'Внешний сервис входа «{provider}» не настроен', en: 'The external sign-in service "{provider}" is not configured' },
  oidc_provider_unavailable: { ru: 'Внешний сервис входа недоступен. Повторите попытку позже', en: 'The external sign-in service is unavailable. Please try again later' },
  oidc_state_invalid: {
    ru: 'Ссылка входа через внешний сервис недействительна, устарела или уже использована. Начните заново',
    en: 'The external sign-in link is invalid, expired or already used. Please start again',
  },
  oidc_failed: { ru: 'Внешний сервис не подтвердил вход. Попробуйте ещё раз', en: 'The external service did not confirm the sign-in. Please try again' },
  oidc_not_bound: {
    ru: 'Этот внешний аккаунт не привязан ни к одному пользователю. Войдите с паролем и привяжите его в личном кабинете',
    en: 'This external account is not bound to any user. Sign in with your password and bind it in your personal area',
  },
  oidc_bound_to_other: { ru: 'Этот внешний аккаунт уже привязан к другому пользователю', en: 'This external account is already bound to another user' },

  client_not_available: { ru: 'Этот клиент вам недоступен', en: 'This client is not available to you' },
  join_internal_only: { ru: 'Входить как клиент могут только сотрудники платформы', en: 'Only platform staff can log in as a client' },
  switch_needs_session: {
    ru: 'Сменить клиента можно только в сеансе входа, а не по API-токену',
    en: 'Clients can only be switched in a signed-in session, not with an API token',
  },
  favorites_limit: { ru: 'В избранном может быть не больше {count} записей', en: 'Favorites can hold at most {count} entries' },
  personalization_exists: { ru: 'Персональные настройки уже созданы: измените их', en: 'Personal settings already exist: update them instead' },
  satisfaction_rate: { ru: 'Оценка должна быть целым числом от 1 до 5', en: 'The rating must be a whole number from 1 to 5' },
  satisfaction_internal: { ru: 'Сотрудники платформы не участвуют в опросе удовлетворённости', en: 'Platform staff do not take part in the satisfaction survey' },
  report_month: { ru: 'Месяц должен быть целым числом от 1 до 12', en: 'The month must be a whole number from 1 to 12' },
  report_year: { ru: 'Год должен быть целым числом от 2000 до 2100', en: 'The year must be a whole number from 2000 to 2100' },
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

/** A message as it travels inside a zod issue: `key` or `key|{"length":200}`. */
export function encodeMessage(key: MessageKey, params?: MessageParams): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

export function isLang(value: unknown): value is Lang {
  return value === 'ru' || value === 'en';
}

/** Picks ru or en from an Accept-Language header or a stored value; ru by default. */
export function pickLang(header: string | undefined | null): Lang {
  if (!header) return DEFAULT_LANG;
  const first = header.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return first === 'en' ? 'en' : DEFAULT_LANG;
}

export function t(key: MessageKey, lang: Lang, params?: MessageParams): string {
  let text: string = messages[key][lang];
  for (const [name, value] of Object.entries(params ?? {})) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}

/** Turns an encoded message (see encodeMessage) into text; unknown text is returned as it is. */
export function translateMessage(message: string, lang: Lang): string {
  const [key, rawParams] = message.split(/\|(.*)/s, 2) as [string, string | undefined];
  if (!(key in messages)) return message;
  let params: MessageParams | undefined;
  try {
    params = rawParams ? JSON.parse(rawParams) : undefined;
  } catch {
    params = undefined;
  }
  return t(key as MessageKey, lang, params);
}

/**
 * Zod's messages for the generic checks become our keys, so that a schema written plainly
 * (z.string().min(1).max(200)) speaks the specification's texts on the server and in the web.
 */
function zodIssueToMessage(issue: z.core.$ZodRawIssue): string | undefined {
  // Nothing given at all is "required", whatever the type or choice expected.
  if ((issue.input === undefined || issue.input === null) && ['invalid_type', 'invalid_value', 'invalid_union'].includes(issue.code ?? ''))
    return encodeMessage('required');
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return encodeMessage('required');
      if (issue.expected === 'int') return encodeMessage('integer');
      return encodeMessage('invalid_type');
    case 'too_small':
      if ((issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') && Number(issue.minimum) === 1)
        return encodeMessage('required');
      if (issue.origin === 'string') return encodeMessage('min_length', { length: Number(issue.minimum) });
      return encodeMessage('min_value', { value: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return encodeMessage('max_length', { length: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return encodeMessage('max_items', { count: Number(issue.maximum) });
      return encodeMessage('max_value', { value: Number(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return encodeMessage('email');
      if (issue.format === 'url') return encodeMessage('url');
      return encodeMessage('invalid_type');
    case 'invalid_value':
      return encodeMessage('invalid_choice');
    case 'unrecognized_keys':
      return encodeMessage('unknown_field', { field: issue.keys.join(', ') });
    default:
      return undefined;
  }
}

z.config({ customError: zodIssueToMessage });
