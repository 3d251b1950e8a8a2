// The texts, without zod (messages.ts adds zod's error map).
import type { Lang } from './lang.ts';
import { requestMessages } from './request-messages.ts';

export * from './lang.ts';
export { requestMessages };

/**
 * Every message the server or the web shows for validation and errors, in both languages.
 * Texts in quotes in the specification are used word for word.
 */
export const messages = {
  ...requestMessages,
  required: { ru: 'Это поле обязательно для заполнения', en: 'This field is required' },
  queue_job_not_failed: { ru: 'Повторить можно только задачу с ошибкой', en: 'Only a failed job can be run again' },
  notification_telegram_chat: {
    ru: 'Укажите id чата Telegram (число) или @имя канала',
    en: 'Give a Telegram chat id (a number) or a channel @name',
  },
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
  showroom_bot_token_format: {
    ru: 'Токен бота выглядит так: число, двоеточие и ключ от BotFather (123456:ABC…)',
    en: 'A bot token looks like a number, a colon and the key BotFather gave (123456:ABC…)',
  },
  showroom_bot_token_refused: { ru: 'Telegram не принял этот токен: проверьте его в BotFather', en: 'Telegram refused this token: check it with BotFather' },
  showroom_bot_api_unreachable: {
    ru: 'Не удалось связаться с Telegram, чтобы проверить токен. Попробуйте ещё раз позже',
    en: 'Telegram could not be reached to check the token. Try again later',
  },
  showroom_price_range: { ru: 'Наибольшая цена не может быть меньше наименьшей', en: 'The highest price cannot be below the lowest' },
  showroom_range_too_long: { ru: 'Период сводки не может быть длиннее года', en: 'The summary covers a year at most' },
  showroom_bot_taken: { ru: 'Этот бот уже подключён к другому шоуруму', en: 'This bot is already connected to another showroom' },
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
  max_items: { ru: 'Не больше {count} {count:элемента|элементов|элементов}', en: 'At most {count} {count:item|items}' },
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

  session_expired: { ru: 'Сессия истекла, войдите снова', en: 'Your session has expired, please sign in again' },
  route_not_found: { ru: 'Адрес не найден', en: 'The address was not found' },
  conflict_unique: { ru: 'Запись с таким значением «{field}» уже существует', en: 'A record with this "{field}" already exists' },
  in_use: { ru: 'Запись используется и не может быть удалена', en: 'The record is in use and cannot be deleted' },
  too_many_requests: { ru: 'Слишком много попыток. Повторите через {seconds} с', en: 'Too many attempts. Try again in {seconds} s' },
  payload_too_large: { ru: 'Слишком большой запрос', en: 'The request is too large' },

  invalid_credentials: { ru: 'Неверный логин или пароль', en: 'Invalid login or password' },
  user_inactive: { ru: 'Учётная запись отключена', en: 'The account is deactivated' },
  invalid_refresh_token: { ru: 'Недействительный токен обновления', en: 'Invalid refresh token' },
  wrong_current_password: { ru: 'Текущий пароль указан неверно', en: 'The current password is wrong' },
  same_password: { ru: 'Новый пароль должен отличаться от текущего', en: 'The new password must differ from the current one' },
  user_email_not_found: { ru: 'Пользователь с e-mail {email} не найден', en: 'User with the e-mail {email} was not found' },
  restore_code_invalid: { ru: 'Неверный или просроченный код', en: 'The code is wrong or has expired' },
  restore_attempts_exceeded: { ru: 'Превышено число попыток. Запросите новый код', en: 'Too many attempts. Request a new code' },
  restore_not_found: { ru: 'Запрос на восстановление не найден или устарел', en: 'The recovery request was not found or has expired' },
  // The second factor (TOTP) of sign-in and of the personal area.
  second_factor_code_format: {
    ru: 'Введите 6 цифр из приложения-аутентификатора или резервный код',
    en: 'Enter the 6 digits of your authenticator app or a recovery code',
  },
  second_factor_code_invalid: { ru: 'Неверный или уже использованный код', en: 'The code is wrong or was already used' },
  second_factor_challenge_expired: {
    ru: 'Время входа истекло: введите логин и пароль снова',
    en: 'The sign-in has expired: enter your login and password again',
  },
  second_factor_required: {
    ru: 'Ваша роль требует второй фактор: настройте его, чтобы продолжить',
    en: 'Your role requires a second factor: set it up to continue',
  },
  second_factor_already_enabled: { ru: 'Второй фактор уже настроен', en: 'The second factor is already set up' },
  second_factor_not_started: { ru: 'Сначала начните настройку второго фактора', en: 'Start setting up the second factor first' },
  second_factor_not_enabled: { ru: 'Второй фактор не настроен', en: 'The second factor is not set up' },
  second_factor_app_code_only: { ru: 'Введите код из приложения, а не резервный код', en: 'Enter a code of the app, not a recovery code' },
  second_factor_reset_own: {
    ru: 'Свой второй фактор отключают в личном кабинете (пароль и код)',
    en: 'Your own second factor is turned off in the personal area (password and code)',
  },
  second_factor_policy_forbidden: {
    ru: 'Изменить требование второго фактора может только тот, у кого есть все права роли',
    en: 'Only someone who holds every permission of the role may change its second factor rule',
  },
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
  remove_email_mismatch: { ru: 'Введённый e-mail не совпадает с адресом учётной записи', en: 'The e-mail typed does not match the account\'s address' },
  last_platform_staff: { ru: 'Нельзя удалить последнего активного сотрудника платформы', en: 'The last active platform staff member cannot be removed' },
  site_cannot_change: { ru: 'Запись нельзя перенести на другой сайт', en: 'The record cannot be moved to another site' },
  state_not_draft: { ru: 'Изменить или удалить можно только черновик', en: 'Only a draft can be changed or deleted' },
  state_already_published: { ru: 'Эта версия уже опубликована', en: 'This version is already published' },
  state_not_published: { ru: 'Эта версия не опубликована', en: 'This version is not published' },
  state_not_submitted: {
    ru: 'На сайте включена строгая публикация: сначала отправьте версию на утверждение',
    en: 'The site publishes strictly: submit the version for approval first',
  },
  // The names of the permission in both languages travel as parameters (the kit names it by its text).
  publishing_permission: {
    ru: 'Публиковать, снимать с публикации и назначать время публикации может только обладатель права «{permission_ru}»: обратитесь к руководителю',
    en: 'Publishing, unpublishing and scheduling need the permission "{permission_en}": ask your manager',
  },
  state_kept_version: {
    ru: 'Это сохранённая версия: восстановите её как черновик, чтобы опубликовать снова',
    en: 'This is a kept version: restore it as a draft to publish it again',
  },
  publication_queue_refused: { ru: 'Не удалось поставить публикацию в очередь', en: 'The publication could not be queued' },
  publication_job_lost: { ru: 'Задание публикации не найдено в очереди: назначьте время заново', en: 'The publication job is no longer in the queue: schedule it again' },
  publication_job_failed: { ru: 'Задание публикации завершилось ошибкой: назначьте время заново', en: 'The publication job failed: schedule it again' },
  publish_at_in_past: { ru: 'Время публикации должно быть в будущем', en: 'The publication time must be in the future' },
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
  favorites_limit: { ru: 'В избранном может быть не больше {count} {count:записи|записей|записей}', en: 'Favorites can hold at most {count} {count:entry|entries}' },
  personalization_exists: { ru: 'Персональные настройки уже созданы: измените их', en: 'Personal settings already exist: update them instead' },
  satisfaction_rate: { ru: 'Оценка должна быть целым числом от 1 до 5', en: 'The rating must be a whole number from 1 to 5' },
  satisfaction_internal: { ru: 'Сотрудники платформы не участвуют в опросе удовлетворённости', en: 'Platform staff do not take part in the satisfaction survey' },
  report_month: { ru: 'Месяц должен быть целым числом от 1 до 12', en: 'The month must be a whole number from 1 to 12' },
  report_year: { ru: 'Год должен быть целым числом от 2000 до 2100', en: 'The year must be a whole number from 2000 to 2100' },

  // marketplace
  module_not_installed: { ru: 'Модуль «{module}» не подключён к этому сайту', en: 'The module "{module}" is not installed on this site' },
  module_paused: {
    ru: 'Модуль «{module}» приостановлен на этом сайте: требуется оплата. Обратитесь к вашему менеджеру',
    en: 'The module "{module}" is paused on this site: payment is needed. Contact your account manager',
  },
  module_not_installed_for_client: {
    ru: 'Модуль «{module}» не подключён ни к одному сайту клиента',
    en: 'The module "{module}" is not installed on any site of the client',
  },
  module_paused_for_client: {
    ru: 'Модуль «{module}» приостановлен на сайтах клиента: требуется оплата. Обратитесь к вашему менеджеру',
    en: 'The module "{module}" is paused on the client\'s sites: payment is needed. Contact your account manager',
  },
  // The public intake of a site without its requests module: a visitor learns nothing of modules or payment.
  requests_not_accepted: {
    ru: 'Сейчас отправить заявку с сайта нельзя. Пожалуйста, свяжитесь с нами по телефону',
    en: 'Requests cannot be sent from this site right now. Please contact us by phone',
  },
  module_already_installed: { ru: 'Модуль «{module}» уже подключён к этому сайту', en: 'The module "{module}" is already installed on this site' },
  module_inactive: { ru: 'Модуль «{module}» больше не предлагается, подключить его нельзя', en: 'The module "{module}" is no longer offered and cannot be installed' },
  module_not_offered: { ru: 'Модуль «{module}» не предлагается клиенту этого сайта', en: 'The module "{module}" is not offered to the client of this site' },
  module_unknown: { ru: 'Модуля «{module}» не существует', en: 'The module "{module}" does not exist' },
  module_staff_only: { ru: 'Приостанавливать и возобновлять модули могут только сотрудники платформы', en: 'Only platform staff can suspend or resume modules' },
  module_paused_staff_only: {
    ru: 'Модуль «{module}» приостановлен: отключить его могут только сотрудники платформы',
    en: 'The module "{module}" is paused: only platform staff can remove it',
  },
  module_already_paused: { ru: 'Модуль «{module}» уже приостановлен', en: 'The module "{module}" is already paused' },
  module_not_paused: { ru: 'Модуль «{module}» не приостановлен', en: 'The module "{module}" is not paused' },
  module_handler_failed: {
    ru: 'Не удалось настроить модуль «{module}»: шаг «{handler}» завершился ошибкой. Ничего не изменено',
    en: 'The module "{module}" could not be set up: the step "{handler}" failed. Nothing was changed',
  },
  module_handler_unknown: { ru: 'Неизвестный обработчик модуля', en: 'Unknown module handler' },
  module_in_use: { ru: 'Модуль подключён к {count} {count:сайту|сайтам|сайтам}: сначала отключите его', en: 'The module is installed on {count} {count:site|sites}: uninstall it first' },

  // sites.context: hosts, transitions, copies, dealers, DNS check, images.
  host_invalid: {
    ru: 'Домен должен состоять из букв, цифр, точек и дефисов и содержать хотя бы одну точку',
    en: 'The host must be a domain name: letters, digits, dots and hyphens, with at least one dot',
  },
  host_ip_address: { ru: 'Домен не может быть IP-адресом: укажите доменное имя сайта', en: "The host cannot be an IP address: give the site's domain name" },
  host_port: {
    ru: 'Домен указывается без порта: сайты открываются на стандартных портах 80 и 443',
    en: 'The host is given without a port: sites are served on the standard ports 80 and 443',
  },
  host_in_use: { ru: 'Домен или технический домен уже используется: {host}', en: 'Host or technical domain already in use: {host}' },
  host_is_technical_domain: { ru: 'Домен должен отличаться от технического домена {domain}', en: 'The host must differ from the technical domain {domain}' },
  technical_host_outside_domain: { ru: 'Технический домен должен быть поддоменом {domain}', en: 'The technical host must be a subdomain of {domain}' },
  phone_format: { ru: 'Формат телефона: цифры, X, пробелы и знаки + ( ) -', en: 'Phone format: digits, X, spaces and + ( ) -' },
  unpublish_host_mismatch: { ru: 'Вы не хотите снимать сайт с публикации: домен введён неверно', en: "You don't want to unpublish site" },
  delete_host_mismatch: { ru: 'Вы не хотите удалять сайт: домен введён неверно', en: "You don't want to delete site" },
  site_not_draft: { ru: 'Опубликовать можно только черновик', en: 'Only a draft site can be published' },
  site_not_published: { ru: 'Действие доступно только для опубликованного сайта', en: 'Only a published site can be unpublished or rendered' },
  site_published_delete: { ru: 'Опубликованный сайт нельзя удалить: сначала снимите его с публикации', en: 'A published site cannot be deleted: unpublish it first' },
  site_needs_host: { ru: 'Чтобы опубликовать сайт, задайте домен или технический домен', en: 'Set a host or a technical host before publishing the site' },
  unexpected_site_version: { ru: 'Неожиданная версия сайта', en: 'Unexpected site version' },
  official_site_version: { ru: 'Версию официального сайта переключать нельзя', en: 'The version of an official site cannot be switched' },
  official_sites_staff_only: { ru: 'Официальные сайты создают и изменяют только сотрудники платформы', en: 'Only platform staff can create or change official sites' },
  same_core: { ru: 'Сайт уже работает на этом ядре', en: 'The site already runs on this core' },
  render_confirm_required: {
    ru: 'Без фильтров действие затронет все опубликованные сайты: подтвердите его',
    en: 'Without filters this affects every published site: confirm it',
  },
  display_priority_permutation: {
    ru: 'Порядок должен содержать ровно те же дилерские центры, что показывает сайт',
    en: 'The order must list exactly the dealers the site shows',
  },
  fork_needs_master: { ru: 'Форк можно сделать только от официального мастер-сайта', en: 'Only an official master site can be forked' },
  generate_needs_demo: { ru: 'Сайт создаётся только из официального демо-сайта', en: 'A site is generated from an official demo site only' },
  no_demo_site: { ru: 'Нет официального демо-сайта, из которого можно создать сайт', en: 'There is no official demo site to generate from' },
  site_has_forks: { ru: 'У сайта есть форки: сначала удалите их', en: 'The site has forks: delete them first' },
  central_content_read_only: {
    ru: 'Общее содержимое официального мастер-сайта изменяют только сотрудники платформы',
    en: 'The central content of an official master site is changed by platform staff only',
  },
  basic_auth_needs_login: { ru: 'Пароль базовой авторизации задаётся вместе с логином', en: 'The basic-auth password needs a login' },
  file_required: { ru: 'Выберите файл', en: 'Choose a file' },
  file_format: { ru: 'Неверный формат файла: допустимы {formats}', en: 'Incorrect file format: {formats} allowed' },
  file_too_large: { ru: 'Файл больше {size} МБ', en: 'The file is larger than {size} MB' },
  image_size: { ru: 'Изображение должно быть {sizes} пикселей, а не {width}×{height}', en: 'The image must be {sizes} pixels, not {width}×{height}' },
  image_too_large: { ru: 'Изображение не должно быть больше {max}×{max} пикселей', en: 'The image must be at most {max}×{max} pixels' },
  upload_failed: { ru: 'Ошибка загрузки файла', en: 'File upload error' },
  dns_0: { ru: 'A-записи домена и технического домена не совпадают', en: 'The A records of the host and the technical host are not equal' },
  dns_1: { ru: 'У домена нет A-записи', en: 'The host has no A record' },
  dns_2: { ru: 'У технического домена нет A-записи', en: 'The technical host has no A record' },
  dns_3: { ru: 'У домена несколько A-записей', en: 'The host has several A records' },
  dns_4: { ru: 'У технического домена несколько A-записей', en: 'The technical host has several A records' },
  dns_5: { ru: 'У домена есть другие записи (AAAA или CNAME)', en: 'The host has other records (AAAA or CNAME)' },
  dns_6: { ru: 'A-запись www не совпадает с A-записью домена', en: 'The A record of www is not equal to the host\'s' },
  dns_7: { ru: 'Не удалось получить DNS-записи', en: 'Failed to get the DNS records' },

  // sites.context: pages, layouts, templates, collections.
  page_uri: {
    ru: 'Адрес страницы начинается с «/» и состоит из латинских букв, цифр, «-», «_» и «/» без пустых частей',
    en: 'A page address starts with "/" and holds Latin letters, digits, "-", "_" and "/" without empty parts',
  },
  page_uri_taken: { ru: 'На сайте уже есть страница с адресом {uri}', en: 'The site already has a page at {uri}' },
  page_parent_cycle: { ru: 'Страницу нельзя вложить в неё саму или в её вложенную страницу', en: 'A page cannot be put inside itself or one of its own subpages' },
  page_has_children: { ru: 'У страницы есть вложенные страницы: сначала перенесите или удалите их', en: 'The page has subpages: move or delete them first' },
  origin_read_only: {
    ru: 'Запись скопирована с официального мастер-сайта и доступна только для чтения',
    en: 'This record was copied from an official master site and is read-only',
  },
  no_published_version: { ru: 'У страницы нет опубликованной версии', en: 'The page has no published version' },
  versions_of_other_owner: { ru: 'Сравнивать можно только версии одной записи', en: 'Only versions of the same record can be compared' },
  other_site_record: { ru: 'Запись {id} относится к другому сайту', en: 'The record {id} belongs to another site' },
  image_url: { ru: 'Укажите адрес изображения: https://… или /files/…', en: 'Give the image address: https://… or /files/…' },
  video_duration: { ru: 'Длительность в формате ISO 8601, например PT1M30S', en: 'The duration in ISO 8601, e.g. PT1M30S' },
  address_internal: {
    ru: 'Этот адрес ведёт во внутреннюю сеть платформы (этот сервер, частная или локальная сеть), его нельзя использовать',
    en: "This address leads into the platform's own network (this server, a private or link-local network) and cannot be used",
  },
  address_numeric_host: { ru: 'Укажите хост именем или IP-адресом из четырёх чисел через точку', en: 'Write the host as a name or as an IP address of four numbers with dots' },
  address_scheme: { ru: 'Можно указать только адрес http или https', en: 'Only http and https addresses can be used' },
  date_format: { ru: 'Неправильная дата: нужен формат ГГГГ-ММ-ДД', en: 'Invalid date: use the format YYYY-MM-DD' },
  date_time_format: {
    ru: 'Неправильные дата и время: нужен формат ГГГГ-ММ-ДДTЧЧ:ММ:СС с часовым поясом (Z или +03:00)',
    en: 'Invalid date and time: use the format YYYY-MM-DDTHH:MM:SS with a time zone (Z or +03:00)',
  },
  date_or_date_time_format: {
    ru: 'Неправильная дата: нужен формат ГГГГ-ММ-ДД или ГГГГ-ММ-ДДTЧЧ:ММ:СС',
    en: 'Invalid date: use the format YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS',
  },
  date_not_real: { ru: 'Такой даты нет в календаре', en: 'There is no such date in the calendar' },
  time_not_real: { ru: 'Неправильное время: часы от 00 до 23, минуты и секунды от 00 до 59', en: 'Invalid time: hours 00 to 23, minutes and seconds 00 to 59' },
  date_offset: { ru: 'Часовой пояс должен быть в пределах от −14:00 до +14:00', en: 'The time zone offset must be between −14:00 and +14:00' },
  date_range: { ru: 'Год должен быть от 1000 до 9999', en: 'The year must be between 1000 and 9999' },

  // media.storage and content.storage stages.
  file_in_use: {
    ru: 'Файл используется ({places}): сначала замените его там',
    en: 'The file is in use ({places}): replace it there first',
  },
  file_private: {
    ru: 'Закрытый файл нельзя показать на сайте: выберите общедоступный',
    en: 'A private file cannot be shown on a site: choose a public one',
  },
  file_kind: { ru: 'Нужен файл типа «{kind}»', en: 'A file of the kind "{kind}" is needed' },
  file_unavailable: { ru: 'Файл недоступен в текущем хранилище', en: 'The file is not available in the current storage' },
  image_too_many_pixels: {
    ru: 'Изображение слишком большое: не больше {megapixels} мегапикселей',
    en: 'The image is too large: at most {megapixels} megapixels',
  },
  image_unreadable: { ru: 'Не удалось прочитать изображение', en: 'The image could not be read' },
  crop_outside: { ru: 'Область обрезки выходит за края изображения {width}×{height}', en: 'The crop box goes beyond the edges of the {width}×{height} image' },
  crop_not_image: { ru: 'Обрезать можно только изображение', en: 'Only an image can be cropped' },
  folder_cycle: { ru: 'Папку нельзя вложить в неё саму или в её вложенную папку', en: 'A folder cannot be put inside itself or one of its own subfolders' },
  folder_other_client: { ru: 'Папка {id} принадлежит другому клиенту', en: 'The folder {id} belongs to another client' },
  variant_not_found: { ru: 'У файла нет варианта «{variant}»', en: 'The file has no variant "{variant}"' },
  color_format: { ru: 'Цвет в формате #rrggbb', en: 'A colour as #rrggbb' },
  stage_link_link: { ru: 'Ссылка начинается с «/» или с http(s)://', en: 'A link starts with "/" or http(s)://' },
  stage_link_phone: { ru: 'Телефон: цифры, пробелы, скобки, дефисы и «+» в начале', en: 'A phone: digits, spaces, brackets, hyphens and a leading "+"' },
  stage_link_email: { ru: 'Неправильный формат email', en: 'Invalid email format' },
  stage_link_anchor: { ru: 'Якорь: «#» и латинские буквы, цифры, «-», «_»', en: 'An anchor: "#" and Latin letters, digits, "-", "_"' },
  video_url: { ru: 'Ссылка на видео должна вести на https://{hosts}', en: 'The video address must be https:// on {hosts}' },
  stage_image_size: {
    ru: 'Изображение для «{screen}» должно быть {width}×{height} пикселей, а не {actual}: обрежьте его под этот размер',
    en: 'The image for {screen} must be {width}×{height} pixels, not {actual}: crop it to this size',
  },
  stage_of_other_site: { ru: 'Сцена {id} относится к другому сайту', en: 'The stage {id} belongs to another site' },

  // sites.controller: site tasks, virtual machines, update streams.
  tasks_staff_only: {
    ru: 'Действия с задачами сайтов и виртуальными машинами доступны только сотрудникам платформы',
    en: 'Only platform staff can act on site tasks and virtual machines',
  },
  task_approve_refused: { ru: 'Одобрить можно только новую задачу, а эта — «{status}»', en: 'Only a new task can be approved; this one is {status}' },
  task_decline_refused: {
    ru: 'Отклонить можно только новую задачу или задачу с ошибкой, а эта — «{status}»',
    en: 'Only a new or failed task can be declined; this one is {status}',
  },
  task_retry_refused: { ru: 'Повторить можно только задачу с ошибкой, а эта — «{status}»', en: 'Only a failed task can be retried; this one is {status}' },
  task_manual_complete_refused: {
    ru: 'Задача уже в архиве («{status}»): завершить её вручную нельзя',
    en: 'The task is already archived ({status}): it cannot be completed manually',
  },
  task_host_invalid: {
    ru: 'Недопустимое доменное имя: латинские буквы, цифры, точки и дефисы, не меньше двух частей',
    en: 'Invalid domain name: Latin letters, digits, dots and hyphens, at least two parts',
  },
  task_ip_invalid: { ru: 'Неправильный IP-адрес', en: 'Invalid IP address' },
  vm_hostname_taken: { ru: 'Виртуальная машина с именем хоста {hostname} уже существует', en: 'A virtual machine with the hostname {hostname} already exists' },
  vm_host_is_technical_domain: { ru: 'Имя хоста совпадает с техническим доменом {domain}', en: 'The hostname equals the technical domain {domain}' },
  websocket_required: { ru: 'Это поток обновлений: подключайтесь по WebSocket', en: 'This is an update stream: connect over WebSocket' },

  // floors.storage: floors, their components and values (spec 000 §5, §8), rich text.
  floor_code_format: {
    ru: 'Идентификатор этажа: латинские буквы, цифры и «- _ : .», первой — латинская буква',
    en: 'A floor id holds Latin letters, digits and "- _ : ." and starts with a Latin letter',
  },
  floor_code_taken: { ru: 'Этаж с идентификатором «{code}» уже существует', en: 'A floor with the id "{code}" already exists' },
  floor_component_not_found: { ru: 'Компонент «{component}» не найден', en: 'The component "{component}" was not found' },
  floor_wrong_type: { ru: 'Неверный тип значения «{field}»', en: 'Wrong type of the value "{field}"' },
  floor_value_missing: { ru: 'Слишком мало значений: не заполнено «{field}» компонента «{component}»', en: 'Too few values: "{field}" of the component "{component}" is missing' },
  floor_unknown_value: { ru: 'Слишком много значений: компонент «{component}» не принимает «{field}»', en: 'Too many values: the component "{component}" takes no "{field}"' },
  floor_too_few_values: { ru: 'Слишком мало значений в «{field}»: нужно не меньше {min}', en: 'Too few values in "{field}": at least {min} needed' },
  floor_too_many_values: { ru: 'Слишком много значений в «{field}»: не больше {max}', en: 'Too many values in "{field}": at most {max}' },
  floor_disabled: { ru: 'Этаж «{code}» отключён: включите его или выберите другой', en: 'The floor "{code}" is disabled: enable it or choose another one' },
  floor_official_read_only: { ru: 'Официальные этажи изменяют только сотрудники платформы', en: 'Official floors are changed by platform staff only' },
  floor_official_staff_only: { ru: 'Отмечать этажи официальными могут только сотрудники платформы', en: 'Only platform staff can mark floors as official' },
  floor_in_use: {
    ru: 'Этаж используется на сайтах ({count}): сначала уберите его со страниц, макетов и шаблонов',
    en: 'The floor is used on {count} {count:site|sites}: remove it from their pages, layouts and templates first',
  },
  link_format: { ru: 'Ссылка: адрес страницы (/…), https://…, mailto: или tel:', en: 'A link is a page address (/…), https://…, mailto: or tel:' },
  rich_text_html: {
    ru: 'HTML не допускается: используйте **жирный**, *курсив*, [ссылку](/адрес), «- » для списка и «## » для заголовка',
    en: 'HTML is not allowed: use **bold**, *italic*, [a link](/address), "- " for a list and "## " for a heading',
  },
  rich_text_image: { ru: 'Изображение «{href}» недопустимо: только файл медиатеки или адрес https://', en: 'The image "{href}" is not allowed: only a media library file or an https:// address' },
  rich_text_link: { ru: 'Ссылка «{href}» недопустима: только /адрес, https://…, mailto: или tel:', en: 'The link "{href}" is not allowed: only /address, https://…, mailto: or tel:' },

  // seo: redirects and their import, SEO settings, SEO constants.
  redirect_from_uri: { ru: 'Адрес «откуда»: путь на сайте, начинается с «/», без пробелов и «#»', en: 'The "from" address is a path of the site: it starts with "/", without spaces or "#"' },
  redirect_to_uri: {
    ru: 'Адрес «куда»: путь на сайте (/…, без «//» и «\\» в начале) или https://…',
    en: 'The "to" address is a path of the site (/…, not starting with "//" or "\\") or https://…',
  },
  redirect_from_required: { ru: 'Укажите страницу или адрес «откуда»', en: 'Give the "from" page or address' },
  redirect_to_required: { ru: 'Укажите страницу или адрес «куда»', en: 'Give the "to" page or address' },
  redirect_page_or_uri: { ru: 'Укажите либо страницу, либо адрес', en: 'Give either a page or an address, not both' },
  redirect_same: { ru: 'Редирект ведёт на тот же адрес', en: 'The redirect leads to the same address' },
  redirect_loop: { ru: 'Редиректы образуют цикл: {chain}', en: 'The redirects make a loop: {chain}' },
  redirect_from_taken: { ru: 'Редирект с адреса {uri} на этом сайте уже есть', en: 'The site already has a redirect from {uri}' },
  redirect_code: { ru: 'Код редиректа: 301 или 302', en: 'The redirect code is 301 or 302' },
  import_file_format: { ru: 'Неверный формат файла: допустимы CSV и XLSX', en: 'Incorrect file format: CSV and XLSX allowed' },
  import_too_many_rows: { ru: 'В файле больше {max} строк: разделите его на части', en: 'The file has more than {max} rows: split it into parts' },
  import_file_unreadable: { ru: 'Не удалось прочитать файл: он повреждён или это не книга XLSX', en: 'The file could not be read: it is damaged or not an XLSX workbook' },
  import_file_too_large_unpacked: { ru: 'Книга XLSX слишком велика в распакованном виде: больше {size} МБ', en: 'The XLSX workbook is too large unpacked: more than {size} MB' },
  import_csv_malformed: { ru: 'Строка {line}: неверная разметка CSV (проверьте кавычки)', en: 'Line {line}: malformed CSV (check the quotes)' },
  import_file_empty: { ru: 'В файле нет строк с редиректами', en: 'The file has no redirect rows' },
  import_duplicate_in_file: { ru: 'Повтор: адрес {uri} уже есть в строке {row}', en: 'Duplicate: {uri} is already in row {row}' },
  import_duplicate_existing: { ru: 'Повтор: редирект с {uri} на сайте уже есть', en: 'Duplicate: the site already redirects {uri}' },
  seo_content_required: { ru: 'В ручном режиме нужно заполнить содержимое', en: 'The manual mode needs the contents' },
  seo_constant_placeholder: { ru: 'Допустимы только латинские буквы и «_»', en: 'Only Latin letters and "_" are allowed' },
  seo_constant_taken: { ru: 'Константа {placeholder} на этом сайте уже есть', en: 'The site already has the constant {placeholder}' },
  seo_config_exists: { ru: 'У сайта уже есть SEO-настройки: измените их', en: 'The site already has SEO settings: change them instead' },
  counter_id: { ru: 'Номер счётчика: латинские буквы, цифры и «-»', en: 'A counter id holds Latin letters, digits and "-"' },
  // site-renderer: preview links of drafts.
  preview_no_host: { ru: 'У сайта ещё нет ни адреса, ни технического адреса: предпросмотр открыть негде', en: 'The site has neither a host nor a technical host yet: there is nowhere to open the preview' },
  // cars.catalog: labels of a site's cars.
  label_condition_field: { ru: 'Выберите поле условия из списка', en: 'Choose the condition\'s field from the list' },
  label_condition_operator: { ru: 'Этот оператор не подходит к выбранному полю', en: 'This operator does not apply to the chosen field' },
  label_condition_value: { ru: 'Значение не подходит к выбранному полю', en: 'The value does not fit the chosen field' },
  label_condition_one_value: { ru: 'Укажите ровно одно значение', en: 'Give exactly one value' },
  label_condition_values: { ru: 'Укажите хотя бы одно значение', en: 'Give at least one value' },
  label_type: { ru: 'Тип метки: «тег» или «значок»', en: 'The label type is tag or badge' },
  label_not_central: { ru: 'Эта метка не общая для сайта: меняйте её саму', en: 'This label is not a central one of the site: change the label itself' },
  // cars.catalog: the reference catalogue.
  catalog_id_list: { ru: 'Укажите номера записей через запятую (не больше 200)', en: 'Give record ids separated by commas (at most 200)' },
  color_hex: { ru: 'Цвет в формате #RRGGBB, например #1A2B3C', en: 'A colour as #RRGGBB, e.g. #1A2B3C' },
  brand_has_models: { ru: 'У марки есть модели ({count}): сначала удалите их', en: 'The brand has models ({count}): delete them first' },
  model_has_generations: { ru: 'У модели есть поколения ({count}): сначала удалите их', en: 'The model has generations ({count}): delete them first' },
  generation_has_restylings: { ru: 'У поколения есть рестайлинги ({count}): сначала удалите их', en: 'The generation has restylings ({count}): delete them first' },
  restyling_has_complectations: { ru: 'У рестайлинга есть комплектации ({count}): сначала удалите их', en: 'The restyling has complectations ({count}): delete them first' },
  // cars.catalog: marketing complectations and options.
  complectation_has_marketing: { ru: 'У комплектации есть маркетинговые комплектации ({count}): сначала удалите их', en: 'The complectation has marketing complectations ({count}): delete them first' },
  option_category_in_use: { ru: 'В категории есть опции ({count}): сначала удалите или перенесите их', en: 'The category has options ({count}): delete or move them first' },
  engine_volume_unit: { ru: 'Единица объёма: литры (liter) или кубические сантиметры (cubic_centimeter)', en: 'The volume unit is liter or cubic_centimeter' },
  engine_power_unit: { ru: 'Единица мощности: л. с. (horse_power) или кВт (kilowatts_per_hours)', en: 'The power unit is horse_power or kilowatts_per_hours' },
  engine_torque_unit: { ru: 'Единица крутящего момента: Н·м (newton_meter)', en: 'The torque unit is newton_meter' },
  engine_rpm_range: { ru: 'Обороты «от» не могут быть больше оборотов «до»', en: 'The rpm "from" cannot be greater than the rpm "to"' },
  non_negative: { ru: 'Значение не может быть отрицательным', en: 'The value cannot be negative' },
  decimal_number: { ru: 'Введите число, например 1.6', en: 'Enter a number, e.g. 1.6' },
  marketing_code_taken: { ru: 'У этой комплектации уже есть маркетинговая комплектация с кодом «{code}»', en: 'This complectation already has a marketing complectation with the code "{code}"' },
  specification_code_twice: { ru: 'Код характеристики «{code}» повторяется', en: 'The specification code "{code}" is repeated' },
  custom_filter_brand_required: { ru: 'Укажите марку (brand_id)', en: 'Give the brand (brand_id)' },
  engines_level: { ru: 'Уровень должен быть одним из: models, generations, restylings, complectations', en: 'The level must be one of: models, generations, restylings, complectations' },
  option_restyling_mismatch: { ru: 'Опция {id} относится к другому рестайлингу', en: 'The option {id} belongs to another restyling' },
  // cars.catalog: body colours, upholsteries, galleries, their imports, model history.
  hex_list_required: { ru: 'Укажите хотя бы один цвет в формате #RRGGBB', en: 'Give at least one colour as #RRGGBB' },
  upholstery_material: { ru: 'Материал: кожа, ткань, комбинированный, алькантара, велюр или экокожа', en: 'The material is leather, textile, combined, alcantara, velours or faux leather' },
  gallery_images_required: { ru: 'Выберите хотя бы одно изображение', en: 'Choose at least one image' },
  gallery_image_twice: { ru: 'Изображение выбрано дважды', en: 'An image is chosen twice' },
  catalog_code_taken: { ru: 'У марки уже есть запись с кодом «{code}»', en: 'The brand already has an entry with the code "{code}"' },
  markup_brand_mismatch: { ru: 'Цвет кузова и маркетинговая комплектация относятся к разным маркам', en: 'The body colour and the marketing complectation belong to different brands' },
  markup_exists: { ru: 'Цена этого цвета для этой маркетинговой комплектации уже есть: измените её', en: 'This colour already has a price for this marketing complectation: change it instead' },
  catalog_import_kind: { ru: 'Неизвестный вид импорта', en: 'Unknown import kind' },
  catalog_import_empty: { ru: 'В файле нет строк с данными', en: 'The file has no data rows' },
  import_columns_missing: { ru: 'В первой строке файла нет столбцов: {columns}. Скачайте шаблон', en: 'The first row of the file lacks the columns: {columns}. Download the template' },
  import_brand_unknown: { ru: 'Марка «{brand}» не найдена', en: 'The brand "{brand}" was not found' },
  import_color_unknown: { ru: 'Базовый цвет «{color}» не найден', en: 'The base colour "{color}" was not found' },
  import_body_color_unknown: { ru: 'У марки нет цвета кузова с кодом «{code}»', en: 'The brand has no body colour with the code "{code}"' },
  import_marketing_unknown: { ru: 'У марки нет маркетинговой комплектации с кодом «{code}»', en: 'The brand has no marketing complectation with the code "{code}"' },
  import_marketing_ambiguous: { ru: 'Код «{code}» есть у нескольких маркетинговых комплектаций марки ({count})', en: 'Several marketing complectations of the brand have the code "{code}" ({count})' },
  import_row_twice: { ru: 'Повтор: та же запись уже есть в строке {row}', en: 'Duplicate: the same entry is already in row {row}' },
  import_price: { ru: 'Цена: целое число рублей от 0', en: 'The price is a whole number of roubles, 0 or more' },
  // cars.catalog: marketing complectation and restyling imports, brand-limited tokens.
  import_restyling_unknown: { ru: 'Рестайлинг {id} не найден', en: 'The restyling {id} was not found' },
  import_complectation_unknown: { ru: 'У рестайлинга нет комплектации «{name}»', en: 'The restyling has no complectation "{name}"' },
  import_dictionary_unknown: { ru: '«{value}» нет в справочнике', en: '"{value}" is not in the dictionary' },
  import_marketing_unknown_restyling: { ru: 'У рестайлинга нет маркетинговой комплектации с кодом «{code}»', en: 'The restyling has no marketing complectation with the code "{code}"' },
  import_marketing_ambiguous_restyling: { ru: 'Код «{code}» есть у нескольких маркетинговых комплектаций рестайлинга ({count})', en: 'Several marketing complectations of the restyling have the code "{code}" ({count})' },
  import_yes_no: { ru: 'Да или нет: да/нет, yes/no, 1/0', en: 'Yes or no: yes/no, да/нет, 1/0' },
  import_number: { ru: 'Число от 0, например 1.6', en: 'A number, 0 or more, e.g. 1.6' },
  import_engine_name_required: { ru: 'Укажите название двигателя (engine_name): без него данные двигателя не сохранить', en: 'Give the engine name (engine_name): the engine cannot be kept without it' },
  import_option_category_unknown: { ru: 'Категория опций «{name}» не найдена у марки', en: 'The brand has no option category "{name}"' },
  brand_restricted: { ru: 'Ключ API ограничен другими марками', en: 'The API token is limited to other brands' },
  model_event_not_restorable: { ru: 'Из этого события модель не восстановить', en: 'The model cannot be restored from this event' },
  model_restore_exists: { ru: 'Модель {id} не удалена: восстановите её из события изменения', en: 'The model {id} is not deleted: restore it from an update event' },
  model_restore_deleted: { ru: 'Модель {id} удалена: сначала восстановите её из события удаления', en: 'The model {id} is deleted: restore it from its deletion event first' },
  model_restore_brand_missing: { ru: 'Марки {id} больше нет: восстановить модель в ней нельзя', en: 'The brand {id} no longer exists: the model cannot be restored into it' },
  // cars.stock: cars of a site's stock.
  car_vin: { ru: 'VIN — 17 латинских букв и цифр, без I, O и Q', en: 'A VIN is 17 Latin letters and digits, without I, O and Q' },
  car_status: { ru: 'Статус: активен, продан, неактивен или забронирован', en: 'The status is active, sold, not active or reserved' },
  car_logistic_status: { ru: 'Логистический статус: в пути, в наличии, в производстве или на центральном складе', en: 'The logistic status is on the way, in stock, in production or in the central warehouse' },
  car_pts: { ru: 'ПТС: оригинал или дубликат', en: 'The vehicle passport is original or duplicate' },
  car_vin_or_external_id: { ru: 'Заполните VIN и/или External ID', en: 'Fill VIN and/or External ID' },
  car_required_site: { ru: 'Выберите сайт', en: 'Choose the site' },
  car_required_brand: { ru: 'Заполните поле «Марка»', en: 'Fill in the field "Brand"' },
  car_required_model: { ru: 'Заполните поле «Модель»', en: 'Fill in the field "Model"' },
  car_required_year: { ru: 'Заполните поле «Год выпуска»', en: 'Fill in the field "Year"' },
  car_required_price: { ru: 'Заполните поле «Цена»', en: 'Fill in the field "Price"' },
  car_required_mileage: { ru: 'Заполните поле «Пробег»', en: 'Fill in the field "Mileage"' },
  car_required_summary: { ru: 'Не все обязательные поля заполнены', en: 'Not all required fields are filled' },
  car_catalog_mismatch: { ru: 'Эта запись каталога не относится к выбранной выше', en: 'This catalogue entry does not belong to the one chosen above' },
  car_images_max: { ru: 'У автомобиля не больше {max} фото', en: 'A car has at most {max} photos' },
  car_image_not_own: { ru: 'Файл {id} — не изображение из медиатеки клиента этого автомобиля', en: 'File {id} is not an image of the media library of this car\'s client' },
  car_sold_not_found: { ru: 'Автомобили не найдены: {ids}', en: 'Cars not found: {ids}' },
  // cars.stock.sites and cars.sorting: stock settings, showroom pages, custom filters, sorting.
  stock_settings_choice: { ru: 'Выберите значение из списка', en: 'Choose a value from the list' },
  stock_settings_sold_period: { ru: 'Срок хранения проданных: бессрочно, 1, 3 или 6 месяцев, не хранить', en: 'The sold storage period is infinitely, 1, 3 or 6 months, or do not store' },
  stock_settings_sold_strategy: { ru: 'Стратегия удаления проданных: ничего, редирект на список, редирект на страницу модели', en: 'The sold deletion strategy is nothing, redirect to the list or redirect to the model page' },
  stock_settings_page_not_site: { ru: 'Это не страница этого сайта', en: 'This is not a page of this site' },
  stock_settings_template_not_site: { ru: 'Это не шаблон этого сайта', en: 'This is not a template of this site' },
  showroom_page_complectation: { ru: 'Комплектация не относится к выбранному рестайлингу', en: 'The equipment does not belong to the chosen restyling' },
  showroom_page_exists: { ru: 'У сайта уже есть страница шоурума этого рестайлинга (и комплектации)', en: 'The site already has a showroom page of this restyling (and equipment)' },
  custom_filter_field: { ru: 'Выберите поле автомобиля из списка', en: 'Choose a car field from the list' },
  custom_filter_type: { ru: 'Тип фильтра: флажок, список, список с несколькими значениями или диапазон', en: 'The filter type is checkbox, select, multiple select or range' },
  custom_filter_type_field: { ru: 'Этот тип фильтра не подходит к полю', en: 'This filter type does not fit the field' },
  custom_filter_field_twice: { ru: 'Поле уже есть в этой группе фильтров', en: 'The field is already in this filter group' },
  list_sort_field: { ru: 'Выберите поле сортировки из списка', en: 'Choose a sort field from the list' },
  list_sort_direction: { ru: 'Направление: по возрастанию или по убыванию', en: 'The direction is ascending or descending' },
  list_sort_field_twice: { ru: 'Поле сортировки указано дважды', en: 'A sort field is given twice' },
  restyling_sort_exists: { ru: 'Для этого рестайлинга на сайте уже задан порядок', en: 'The site already orders this restyling' },
  // dealerships: phone parts, work schedules, ratings, coordinates, employees.
  phone_part: { ru: 'Часть телефона: только цифры', en: 'A phone part holds digits only' },
  work_time: { ru: 'Время в формате чч:мм, от 00:00 до 24:00', en: 'A time as hh:mm, from 00:00 to 24:00' },
  work_time_required: { ru: 'Укажите время или отметьте выходной', en: 'Give the time or mark the day off' },
  work_time_order: { ru: 'Время окончания должно быть позже начала', en: 'The closing time must be after the opening time' },
  rating: { ru: 'Рейтинг — число от 0 до 5', en: 'A rating is a number from 0 to 5' },
  latitude: { ru: 'Широта — число от -90 до 90', en: 'The latitude is a number from -90 to 90' },
  longitude: { ru: 'Долгота — число от -180 до 180', en: 'The longitude is a number from -180 to 180' },
  employee_department_required: { ru: 'Выберите отдел сотрудника', en: 'Choose the employee\'s department' },
  service_code_taken: { ru: 'Услуга с кодом «{code}» уже есть в этом дилерском центре', en: 'The dealership already has a service with the code "{code}"' },
  employee_import_has_errors: { ru: 'В файле есть строки с ошибками ({count}): исправьте их, ничего не импортировано', en: 'The file has rows with errors ({count}): fix them; nothing was imported' },
  // benefits: discount programs, discounts and their import.
  benefit_sum_positive: { ru: 'Сумма скидки должна быть больше нуля', en: 'The discount sum must be greater than zero' },
  suggestion_not_new: { ru: 'Предложение уже рассматривается: изменить или удалить его могут только сотрудники', en: 'The suggestion is already under review: only staff may change or delete it' },
  suggestion_state: { ru: 'Действие недоступно в этом состоянии предложения', en: 'This action is not available in the suggestion\'s state' },
  suggestion_not_active: { ru: 'Поддержать можно только активное предложение', en: 'Only an active suggestion can be liked' },
  // error-collection-system: ingestion's refusals.
  error_not_event: { ru: 'Принимаются только события ошибок', en: 'Only error events are accepted' },
  error_unknown_key: { ru: 'Неизвестный ключ проекта', en: 'Unknown project key' },
  error_sample_percent: { ru: 'Доля просмотров — целое число процентов от 0 до 100', en: 'The share of page views is a whole number of percent from 0 to 100' },
  error_sampling_sites_only: { ru: 'Выборка задаётся только для проектов сайтов', en: 'Sampling is set for site projects only' },
  error_envelope_format: { ru: 'Неверный формат конверта событий', en: 'Invalid event envelope format' },
  news_period: { ru: 'Конец публикации должен быть позже её начала', en: 'The publication must end after it starts' },
  benefit_end_before_start: { ru: 'Дата окончания не может быть раньше даты начала', en: 'The end date cannot be before the start date' },
  benefit_owners_range: { ru: 'Число владельцев — целое от 0 до 99', en: 'The number of owners is a whole number from 0 to 99' },
  benefit_owners_order: { ru: '«Владельцев от» не может быть больше «Владельцев до»', en: '"Owners from" cannot be greater than "Owners to"' },
  benefit_model_brand: { ru: 'Модель не относится к выбранной марке', en: 'The model does not belong to the chosen brand' },
  benefit_program_code_taken: { ru: 'У клиента уже есть программа с кодом «{code}»', en: 'The client already has a program with the code "{code}"' },
  benefit_program_other_client: { ru: 'Программа принадлежит другому клиенту', en: 'The program belongs to another client' },
  benefit_program_in_use: { ru: 'По программе есть скидки: сначала удалите их', en: 'The program has discounts: delete them first' },
  benefit_discount_exists: { ru: 'Такая скидка уже есть: та же комплектация, программа и дата начала', en: 'This discount already exists: the same complectation, program and start date' },
  benefit_link_required: { ru: 'Укажите ссылку на документ', en: 'Provide a link to the document' },
  benefit_link_format: { ru: 'Ссылка должна начинаться с http:// или https://', en: 'The link must start with http:// or https://' },
  benefit_link_failed: { ru: 'Не удалось скачать документ по ссылке: {reason}', en: 'The document could not be downloaded: {reason}' },
  benefit_link_status: { ru: 'сервер ответил кодом {status}', en: 'the server answered with status {status}' },
  benefit_link_timeout: { ru: 'сервер не ответил вовремя', en: 'the server did not answer in time' },
  benefit_link_too_large: { ru: 'документ больше {size} МБ', en: 'the document is larger than {size} MB' },
  benefit_link_refused: { ru: 'адрес недоступен из соображений безопасности', en: 'the address is not allowed for security reasons' },
  benefit_link_network: { ru: 'сервер недоступен', en: 'the server cannot be reached' },
  benefit_link_redirects: { ru: 'слишком много перенаправлений', en: 'too many redirects' },
  benefit_kind_mismatch: { ru: 'Файл не в формате {kind}', en: 'The file is not {kind}' },
  benefit_client_required: { ru: 'Выберите клиента, для которого импортировать скидки', en: 'Choose the client to import the discounts for' },
  benefit_import_marketing_unknown: { ru: 'Нет маркетинговой комплектации с кодом «{code}»', en: 'No marketing complectation has the code "{code}"' },
  benefit_import_marketing_ambiguous: { ru: 'Код «{code}» есть у нескольких маркетинговых комплектаций ({count}): уточните марку', en: 'Several marketing complectations have the code "{code}" ({count}): give the brand' },
  benefit_import_program_unknown: { ru: 'У клиента нет программы с кодом «{code}»', en: 'The client has no program with the code "{code}"' },
  benefit_import_number: { ru: 'Сумма — целое число рублей больше нуля, например 150000', en: 'The sum is a whole number of roubles above zero, e.g. 150000' },
  benefit_import_date: { ru: 'Дата в формате ГГГГ-ММ-ДД или ДД.ММ.ГГГГ', en: 'A date as YYYY-MM-DD or DD.MM.YYYY' },
  benefit_import_row_twice: { ru: 'Та же скидка уже есть в строке {row}', en: 'The same discount is already in row {row}' },
  // cars.vins: VIN data, retrieval profiles, allowed clients.
  vin_auto_type: { ru: 'Тип: сервис импортёра (avn), ЭПТС (epts) или другой источник (custom)', en: 'The type is the importer\'s service (avn), electronic vehicle passport (epts) or another source (custom)' },
  vin_profile_method: { ru: 'Метод: GET или POST', en: 'The method is GET or POST' },
  vin_profile_taken: { ru: 'У клиента уже есть профиль этой марки и этого типа', en: 'The client already has a profile of this brand and type' },
  vin_invalidate_nothing: { ru: 'Укажите записи или VIN, у которых сбросить изображения', en: 'Give the records or VINs whose images to reset' },
  vin_not_found: { ru: 'VIN-данные не найдены: {ids}', en: 'VIN data not found: {ids}' },
  vin_data_not_allowed: { ru: 'Клиенту не разрешено пользоваться VIN-данными', en: 'The client is not allowed to use VIN data' },
  vin_clients_staff_only: { ru: 'Разрешать клиентам VIN-данные могут только сотрудники платформы', en: 'Only platform staff can allow clients the use of VIN data' },
  // cars.import: settings, the run, the rows of a feed.
  import_format: { ru: 'Формат: XML Авто.ру, XML Авито, CSV или XLSX', en: 'The format is Auto.ru XML, Avito XML, CSV or XLSX' },
  import_mapping_field: { ru: 'Неизвестное поле автомобиля в сопоставлении колонок', en: 'Unknown car field in the column mapping' },
  import_mapping_column: { ru: 'Укажите заголовок колонки для каждого выбранного поля', en: 'Enter the column header for every chosen field' },
  import_files_missing: { ru: 'Импорт не может быть запущен: отсутствуют файлы фида', en: 'Import cannot be run: feed files are missing' },
  import_in_process: { ru: 'Импорт этого сайта уже выполняется', en: 'An import of this site is already running' },
  import_confirmation_required: { ru: 'Настроен автоимпорт: введите «ПЕРЕЗАПИСАТЬ», чтобы запустить ручной импорт', en: 'Auto import is configured: type "OVERWRITE" to run a manual import' },
  import_profile_not_allowed: { ru: 'Этот профиль импорта недоступен клиенту сайта', en: 'This import profile is not available to the site\'s client' },
  import_profile_missing: { ru: 'Выберите профиль импорта', en: 'Choose an import profile' },
  import_dealer_mismatch: { ru: 'Дилерский центр принадлежит другому клиенту', en: 'The dealership belongs to another client' },
  import_feed_file_type: { ru: 'Файл фида должен быть XML, CSV или XLSX', en: 'A feed file must be XML, CSV or XLSX' },
  import_row_no_key: { ru: 'Укажите VIN и/или внешний ID', en: 'Fill VIN and/or External ID' },
  import_row_vin: { ru: 'VIN «{value}»: 17 латинских букв и цифр без I, O, Q', en: 'VIN "{value}": 17 Latin letters and digits without I, O, Q' },
  import_row_brand: { ru: 'Марка «{value}» не найдена в каталоге', en: 'Brand "{value}" is not in the catalogue' },
  import_row_model: { ru: 'Модель «{value}» не найдена у марки {brand}', en: 'Model "{value}" is not in the catalogue for the brand {brand}' },
  import_row_level: { ru: '{level} «{value}» не найдено в каталоге: автомобиль привязан к уровню выше', en: '{level} "{value}" is not in the catalogue: the car is placed one level up' },
  import_row_color: { ru: 'Цвет кузова с кодом «{value}» не найден у марки', en: 'No body colour with the code "{value}" for the brand' },
  import_row_upholstery: { ru: 'Обивка с кодом «{value}» не найдена у марки', en: 'No upholstery with the code "{value}" for the brand' },
  import_row_number: { ru: 'Поле «{field}»: «{value}» — не целое неотрицательное число', en: 'Field "{field}": "{value}" is not a whole non-negative number' },
  import_row_required: { ru: 'Не заполнено поле «{field}»', en: 'The field "{field}" is empty' },
  import_row_encoding: { ru: 'Строка содержит нечитаемые символы (неверная кодировка)', en: 'The row contains unreadable characters (wrong encoding)' },
  import_row_duplicate: { ru: 'VIN уже встречался в строке {row}: строка исключена', en: 'The VIN already appeared in row {row}: the row is excluded' },
  import_file_failed: { ru: 'Файл не прочитан: {reason}', en: 'The file could not be read: {reason}' },
  import_xml_doctype: { ru: 'XML с DOCTYPE или сущностями не принимается', en: 'XML with a DOCTYPE or entities is not accepted' },
  // cars.import states: abort, reset, restart.
  import_not_in_process: { ru: 'Сейчас импорт этого сайта не выполняется', en: 'No import of this site is running now' },
  import_aborted: { ru: 'Импорт прерван пользователем: автомобили не изменены', en: 'The import was aborted by a user: no cars were changed' },
  import_reset_done: { ru: 'Состояние импорта сброшено: автомобили не изменены', en: 'The import state was reset: no cars were changed' },
  // cars.import: an XLSX feed over the size limit.
  import_feed_xlsx_too_large: { ru: 'Файл XLSX слишком велик: больше {size} МБ', en: 'The XLSX file is too large: more than {size} MB' },
  // Untrusted files (DESIGN.md §10): every value bounded while it is read; the reading isolated in a worker.
  file_cell_too_long: { ru: 'Ячейка {cell} длиннее {max:n} символов', en: 'Cell {cell} is longer than {max:n} characters' },
  file_csv_record_too_long: { ru: 'Строка {line}: запись длиннее {max:n} символов (не закрыта кавычка?)', en: 'Line {line}: the record is longer than {max:n} characters (a quote never closed?)' },
  file_xml_text_too_long: { ru: 'Элемент <{element}> в строке {line}: текст длиннее {max:n} символов', en: 'Element <{element}> at line {line}: its text is longer than {max:n} characters' },
  file_xml_attribute_too_long: { ru: 'Атрибут {attribute} элемента <{element}> в строке {line} длиннее {max:n} символов', en: 'Attribute {attribute} of element <{element}> at line {line} is longer than {max:n} characters' },
  file_xml_name_too_long: { ru: 'Строка {line}: имя элемента или атрибута длиннее {max:n} символов', en: 'Line {line}: a name of an element or attribute is longer than {max:n} characters' },
  file_xml_too_many_attributes: { ru: 'Элемент <{element}> в строке {line}: больше {max:n} атрибутов', en: 'Element <{element}> at line {line} has more than {max:n} attributes' },
  file_xml_too_deep: { ru: 'Элемент <{element}> в строке {line}: вложенность глубже {max:n} уровней', en: 'Element <{element}> at line {line} is nested deeper than {max:n} levels' },
  file_out_of_memory: { ru: 'Файл не удалось прочитать в пределах отведённой памяти', en: 'The file could not be read within the memory allowed' },
  file_reader_stopped: { ru: 'Файл не удалось прочитать: чтение остановилось с ошибкой', en: 'The file could not be read: its reading stopped with an error' },
  // cars.import: a report whose process died and that cannot be resumed.
  import_interrupted: { ru: 'Импорт прерван: процесс остановился во время работы, автомобили не изменены. Запустите импорт снова', en: 'The import was interrupted: its process stopped while it ran, no cars were changed. Run the import again' },
  import_stopped_twice: {
    ru: 'Импорт дважды прервался из-за остановки процесса и не возобновлён: автомобили не изменены. Замените файл фида, чтобы запустить импорт снова',
    en: 'The import stopped unexpectedly twice and was not resumed: no cars were changed. Replace the feed file to run it again',
  },
  // request.storage: the intake, settings, blocks, offensive words.
  request_consent_required: { ru: 'Необходимо согласие на обработку персональных данных', en: 'Consent to the processing of personal data is required' },
  request_agreement_unknown: { ru: 'Текст согласия не найден у этого сайта', en: 'The consent text is not known for this site' },
  request_vin: { ru: 'VIN должен состоять из 17 латинских букв (кроме I, O, Q) и цифр', en: 'The VIN must be 17 Latin letters (but I, O, Q) and digits' },
  request_offensive: { ru: 'Текст содержит недопустимые слова', en: 'The text contains words that are not allowed' },
  request_blocked: { ru: 'Отправка заявок с этого адреса заблокирована', en: 'Requests from this sender are blocked' },
  request_unknown_type: { ru: 'Неизвестный тип заявки', en: 'Unknown request type' },
  request_json_only: { ru: 'Заявка принимается только в формате JSON', en: 'Requests are accepted as JSON only' },
  captcha_required: { ru: 'Подтвердите, что вы не робот', en: 'Confirm that you are not a robot' },
  captcha_invalid: { ru: 'Проверка «не робот» не пройдена, попробуйте ещё раз', en: 'The robot check failed, please try again' },
  captcha_used: { ru: 'Проверка «не робот» уже использована, попробуйте ещё раз', en: 'The robot check was already used, please try again' },
  offensive_word_single: { ru: 'Укажите одно слово без пробелов', en: 'Enter one word without spaces' },
  requests_settings_duplicate: {
    ru: 'Активная настройка с таким тегом и типом заявки уже есть у этого сайта',
    en: 'An active setting with the same tag and request type already exists for this site',
  },
  requests_settings_duplicate_archive: {
    ru: 'В архиве уже есть настройка с таким тегом и типом заявки',
    en: 'The archive already holds a setting with the same tag and request type',
  },
  requests_settings_action: {
    ru: 'Такого действия нет у этого сайта: выберите шаблон письма или прокси-действие из списка',
    en: 'This site has no such action: choose an e-mail template or a proxy action from the list',
  },
  request_block_exists: { ru: 'Этот источник уже есть в списке блокировок', en: 'This source is already in the blocks list' },
  request_block_source: { ru: 'Значение не подходит к типу источника', en: 'The value does not fit the source type' },
  request_type_mismatch: { ru: 'Заявка другого типа', en: 'The request is of another type' },
  agreement_in_use: { ru: 'Под этим текстом согласия уже отправлены заявки, его нельзя изменить', en: 'Requests were sent under this consent text: it cannot be changed' },
  // cars.export and importer.notifier: offers and report settings.
  offer_cars_required: { ru: 'Выберите автомобили для коммерческого предложения', en: 'Choose the cars for the commercial offer' },
  offer_cars_not_found: { ru: 'Автомобили не найдены на этом сайте: {ids}', en: 'Cars not found on this site: {ids}' },
  notifier_receivers_required: { ru: 'Укажите хотя бы один адрес получателя', en: 'Give at least one receiver address' },
  // form-constructor: the builder's checks (spec 002 §5), submissions' values, files, the smart captcha.
  form_field_id_cyrillic: { ru: 'Кириллица в идентификаторе поля недопустима', en: 'Cyrillic letters are not allowed in a field id' },
  form_field_id_format: { ru: 'Идентификатор: латинские буквы, цифры, «_» и «-», начиная с буквы', en: 'The id takes Latin letters, digits, "_" and "-", starting with a letter' },
  form_field_id_unique: { ru: 'Поле с идентификатором «{id}» уже есть в форме', en: 'The form already has a field with the id "{id}"' },
  form_default_phone_code: { ru: 'Код по умолчанию должен быть среди предложенных кодов', en: 'The default code must be one of the offered codes' },
  form_options_required: { ru: 'Добавьте хотя бы один вариант', en: 'Add at least one option' },
  form_file_formats_required: { ru: 'Выберите хотя бы один допустимый формат', en: 'Choose at least one accepted format' },
  form_range_order: { ru: 'Максимум должен быть не меньше минимума', en: 'The maximum must not be below the minimum' },
  form_dependent_field: { ru: 'Зависимое поле должно быть другим полем этой формы', en: 'The dependent field must be another field of this form' },
  form_component_not_found: { ru: 'Компонент «{id}» не найден', en: 'Component "{id}" not found' },
  form_field_placed_twice: { ru: 'Поле «{id}» уже стоит в другой строке', en: 'The field "{id}" is already in another row' },
  form_field_unplaced: { ru: 'Поле «{id}» не стоит ни в одной строке', en: 'The field "{id}" is in no row' },
  form_not_found: { ru: 'Форма не найдена на этом сайте', en: 'The form was not found on this site' },
  form_method_not_allowed: { ru: 'Метод не поддерживается по этому адресу', en: 'The method is not allowed at this address' },
  form_value_date: { ru: 'Неправильная дата: ДД.ММ.ГГГГ', en: 'Invalid date: DD.MM.YYYY' },
  form_value_datetime: { ru: 'Укажите дату и время', en: 'Give a date and a time' },
  form_value_time: { ru: 'Неправильное время: ЧЧ:ММ', en: 'Invalid time: HH:MM' },
  form_value_mileage: { ru: 'Пробег: целое число километров до 2 000 000', en: 'Mileage: a whole number of kilometres up to 2,000,000' },
  form_value_range: { ru: 'Число от {min} до {max}', en: 'A number from {min} to {max}' },
  form_value_year: { ru: 'Год: четыре цифры, с 1900 по {max}', en: 'Year: four digits, from 1900 to {max}' },
  form_value_inn: { ru: 'Неправильный ИНН: 10 или 12 цифр с верными контрольными', en: 'Invalid INN: 10 or 12 digits with valid check digits' },
  form_value_mask: { ru: 'Значение должно соответствовать маске {mask}', en: 'The value must fit the mask {mask}' },
  form_value_phone_code: { ru: 'Телефон не подходит ни к одному из предложенных кодов стран', en: 'The phone fits none of the offered country codes' },
  form_value_cyrillic: { ru: 'Допустимы только русские буквы', en: 'Only Cyrillic letters are allowed' },
  form_file_unknown: { ru: 'Файл не найден: загрузите его ещё раз', en: 'The file was not found: upload it again' },
  form_file_count: { ru: 'Не больше {count} {count:файла|файлов|файлов}', en: 'At most {count} {count:file|files}' },
  form_file_too_large: { ru: 'Файл больше {size} МБ', en: 'The file is larger than {size} MB' },
  form_file_format: { ru: 'Формат файла не подходит: {formats}', en: 'The file format is not accepted: {formats}' },
  form_file_field: { ru: 'В форме нет поля для файлов «{id}»', en: 'The form has no file field "{id}"' },
  smart_captcha_key_exists: { ru: 'Ключ для выбранной цветовой схемы уже существует', en: 'The key for the selected colour scheme already exists' },
  smart_captcha_token_format: { ru: 'Токен не должен содержать пробелы', en: 'The token must not contain spaces' },
  // sender: e-mail templates, SMTP settings, proxy actions, lost requests, report mails.
  sender_email_incorrect: { ru: 'Email указан неверно', en: 'Email is incorrect' },
  sender_url_http: { ru: 'Адрес должен начинаться с http:// или https://', en: 'The address must start with http:// or https://' },
  sender_hostname: { ru: 'Укажите имя сервера (например, smtp.example.ru) или IP-адрес', en: 'Give a server name (such as smtp.example.com) or an IP address' },
  sender_no_dates: { ru: 'Не выбраны даты', en: 'No dates selected' },
  sender_dates_order: { ru: 'Дата начала позже даты окончания', en: 'The start date is after the end date' },
  sender_repeat_too_old: {
    ru: 'Повторить можно только действие новой заявки (не старше месяца)',
    en: 'Only an action of a new request (not older than a month) can be restarted',
  },
  sender_repeat_not_failed: { ru: 'Повторить можно только действие, завершённое с ошибкой', en: 'Only an action that ended with an error can be restarted' },
  // A test mail through a site's SMTP settings: why it did not go, in words (sender/smtp-failure.ts).
  sender_smtp_test_failed: { ru: 'Тестовое письмо не отправлено: сервер {server} не принял письмо (код ответа {code})', en: 'The test mail was not sent: the server {server} did not accept it (reply code {code})' },
  sender_smtp_test_refused: {
    ru: 'Тестовое письмо не отправлено: сервер {server} отказал в соединении. Проверьте адрес и порт',
    en: 'The test mail was not sent: the server {server} refused the connection. Check the address and the port',
  },
  sender_smtp_test_timeout: {
    ru: 'Тестовое письмо не отправлено: сервер {server} не ответил за {seconds} с. Проверьте адрес и порт',
    en: 'The test mail was not sent: the server {server} did not answer within {seconds} s. Check the address and the port',
  },
  sender_smtp_test_unreachable: { ru: 'Тестовое письмо не отправлено: сервер {server} недоступен', en: 'The test mail was not sent: the server {server} cannot be reached' },
  sender_smtp_test_auth: {
    ru: 'Тестовое письмо не отправлено: сервер {server} не принял логин или пароль',
    en: 'The test mail was not sent: the server {server} did not accept the login or the password',
  },
  sender_smtp_test_recipient: { ru: 'Тестовое письмо не отправлено: сервер {server} не принял адрес получателя {to}', en: 'The test mail was not sent: the server {server} refused the recipient {to}' },
  sender_smtp_test_sender: {
    ru: 'Тестовое письмо не отправлено: сервер {server} не принял адрес отправителя {from}',
    en: 'The test mail was not sent: the server {server} refused the sender address {from}',
  },
  sender_smtp_test_tls: {
    ru: 'Тестовое письмо не отправлено: защищённое соединение (TLS) с сервером {server} не установлено',
    en: 'The test mail was not sent: no secure connection (TLS) could be made with the server {server}',
  },
  sender_smtp_test_dns: { ru: 'Тестовое письмо не отправлено: имя сервера {host} не найдено в DNS', en: 'The test mail was not sent: the server name {host} was not found in DNS' },
  sender_smtp_test_address: {
    ru: 'Тестовое письмо не отправлено: адрес сервера запрещён (внутренние, локальные и служебные адреса недоступны)',
    en: 'The test mail was not sent: the server address is not allowed (internal, local and service addresses are closed)',
  },
  // A request's action that did not run, kept on the action and shown in the caller's language (sender/action-failure.ts).
  sender_mail_failed: { ru: 'Письмо не отправлено: сервер {server} не принял письмо (код ответа {code})', en: 'The mail was not sent: the server {server} did not accept it (reply code {code})' },
  sender_mail_refused: { ru: 'Письмо не отправлено: сервер {server} отказал в соединении', en: 'The mail was not sent: the server {server} refused the connection' },
  sender_mail_timeout: { ru: 'Письмо не отправлено: сервер {server} не ответил за {seconds} с', en: 'The mail was not sent: the server {server} did not answer within {seconds} s' },
  sender_mail_unreachable: { ru: 'Письмо не отправлено: сервер {server} недоступен', en: 'The mail was not sent: the server {server} cannot be reached' },
  sender_mail_auth: { ru: 'Письмо не отправлено: сервер {server} не принял логин или пароль SMTP', en: 'The mail was not sent: the server {server} did not accept the SMTP login or password' },
  sender_mail_recipient: { ru: 'Письмо не отправлено: сервер {server} не принял адрес получателя {to}', en: 'The mail was not sent: the server {server} refused the recipient {to}' },
  sender_mail_sender: { ru: 'Письмо не отправлено: сервер {server} не принял адрес отправителя {from}', en: 'The mail was not sent: the server {server} refused the sender address {from}' },
  sender_mail_tls: { ru: 'Письмо не отправлено: защищённое соединение (TLS) с сервером {server} не установлено', en: 'The mail was not sent: no secure connection (TLS) could be made with the server {server}' },
  sender_mail_dns: { ru: 'Письмо не отправлено: имя сервера {host} не найдено в DNS', en: 'The mail was not sent: the server name {host} was not found in DNS' },
  sender_mail_address: {
    ru: 'Письмо не отправлено: адрес SMTP-сервера запрещён (внутренние, локальные и служебные адреса недоступны)',
    en: 'The mail was not sent: the SMTP server address is not allowed (internal, local and service addresses are closed)',
  },
  sender_mail_platform: { ru: 'Письмо не отправлено: почтовый сервер платформы не принял его', en: 'The mail was not sent: the platform\'s mail server did not accept it' },
  sender_action_failed: { ru: 'Действие не выполнено из-за внутренней ошибки', en: 'The action failed on an internal error' },
  sender_action_request_deleted: { ru: 'Заявка удалена', en: 'The request was deleted' },
  sender_action_kind_unknown: { ru: 'Неизвестный вид действия: {kind}', en: 'Unknown kind of action: {kind}' },
  sender_action_template_missing: { ru: 'Шаблон письма не найден: он удалён или принадлежит другому сайту', en: 'The mail template was not found: it was deleted or belongs to another site' },
  sender_action_no_smtp: { ru: 'У сайта нет настроек SMTP, а шаблон отправляется через SMTP сайта', en: "The site has no SMTP settings, and the template is sent through the site's SMTP" },
  sender_action_central_missing: { ru: 'Общее прокси-действие не найдено: оно удалено', en: 'The central proxy action was not found: it was deleted' },
  sender_action_proxy_missing: { ru: 'Прокси-действие не найдено: оно удалено или принадлежит другому сайту', en: 'The proxy action was not found: it was deleted or belongs to another site' },
  sender_crm_status: { ru: 'CRM ответила кодом {status}', en: 'The CRM answered with code {status}' },
  sender_crm_timeout: { ru: 'CRM не ответила вовремя', en: 'The CRM did not answer in time' },
  sender_crm_unreachable: { ru: 'CRM недоступна', en: 'The CRM cannot be reached' },
  sender_crm_dns: { ru: 'Имя сервера CRM не найдено в DNS', en: "The CRM server's name was not found in DNS" },
  sender_crm_address: { ru: 'Адрес CRM запрещён: внутренние, локальные и служебные адреса недоступны', en: 'The CRM address is not allowed: internal, local and service addresses are closed' },
  sender_crm_redirects: { ru: 'CRM перенаправила запрос слишком много раз', en: 'The CRM redirected the call too many times' },
  sender_crm_too_large: { ru: 'Ответ CRM слишком большой', en: "The CRM's answer is too large" },
  sender_action_in_use: {
    ru: 'Действие выбрано в настройках заявок ({count}): сначала уберите его оттуда',
    en: 'The action is chosen in request settings ({count}): remove it from there first',
  },
  credit_percent: { ru: 'Процент — число от 0 до 100', en: 'A percentage is a number from 0 to 100' },
  credit_decimals: { ru: 'Не больше четырёх знаков после запятой', en: 'At most four decimal places' },
  credit_car_age: { ru: 'Возраст автомобиля: не указан, этот год или от 1 до 15 лет', en: 'The car age is not specified, this year or 1 to 15 years' },
  credit_car_type: { ru: 'Тип автомобиля: новый или с пробегом', en: 'The car type is new or used' },
  credit_term_range: { ru: 'Срок «от» не может быть больше срока «до»', en: 'The term "from" cannot be greater than the term "to"' },
  credit_down_payment_range: { ru: 'Первоначальный взнос «от» не может быть больше взноса «до»', en: 'The down payment "from" cannot be greater than the down payment "to"' },
  credit_residual_range: { ru: 'Остаточный платёж «от» не может быть больше платежа «до»', en: 'The residual "from" cannot be greater than the residual "to"' },
  credit_loan_amount_range: { ru: 'Сумма кредита «от» не может быть больше суммы «до»', en: 'The loan amount "from" cannot be greater than the loan amount "to"' },
  credit_period_range: { ru: 'Срок по умолчанию не может быть больше максимального срока', en: 'The default term cannot be greater than the maximum term' },
  credit_redemption_term_twice: { ru: 'Каждый срок в остаточных платежах указывается один раз', en: 'Each term of the redemption values may be given once' },
  credit_down_payment_twice: { ru: 'Укажите первоначальный взнос в рублях или в процентах, не оба', en: 'Give the down payment in roubles or as a percentage, not both' },
  credit_down_payment_above_price: { ru: 'Первоначальный взнос не может быть больше цены автомобиля', en: 'The down payment cannot be greater than the car price' },
  credit_foreign_record: { ru: 'Запись {id} принадлежит другому клиенту', en: 'The record {id} belongs to another client' },
  credit_reason_car_type: { ru: 'Программа не для этого типа автомобиля', en: 'The programme is not for this car type' },
  credit_reason_car_age: { ru: 'Автомобиль старше допустимого программой возраста', en: 'The car is older than the programme allows' },
  credit_reason_brand: { ru: 'Программа для другой марки', en: 'The programme is for another brand' },
  credit_reason_owners: { ru: 'У автомобиля больше владельцев, чем допускает программа', en: 'The car has had more owners than the programme allows' },
  credit_reason_loan_amount: { ru: 'Сумма кредита вне пределов программы', en: 'The loan amount is outside the programme\'s limits' },
  credit_reason_term: { ru: 'Срок вне пределов программы', en: 'The term is outside the programme\'s limits' },
  credit_reason_down_payment: { ru: 'Первоначальный взнос вне пределов программы', en: 'The down payment is outside the programme\'s limits' },
  credit_reason_residual: { ru: 'Остаточный платёж вне пределов программы', en: 'The residual payment is outside the programme\'s limits' },
  accessory_price_positive: { ru: 'Цена должна быть больше нуля', en: 'The price must be greater than zero' },
  accessory_discount_above_price: { ru: 'Скидка не может быть больше цены', en: 'The discount cannot exceed the price' },
  accessory_images_required: { ru: 'Добавьте хотя бы одно изображение', en: 'Add at least one image' },
  accessory_image_not_own: { ru: 'Файл {id} — не изображение из медиатеки клиента этого сайта', en: 'File {id} is not an image of the media library of this site\'s client' },
  accessory_category_foreign: { ru: 'Категория {id} недоступна для этого сайта', en: 'The category {id} is not available to this site' },
  accessory_attribute_unknown: { ru: 'Атрибут «{code}» не найден', en: 'The attribute "{code}" does not exist' },
  accessory_attribute_value: { ru: 'Значение атрибута «{code}» должно быть: {type}', en: 'The value of the attribute "{code}" must be: {type}' },
  accessory_model_brand: { ru: 'Модель {id} не относится к выбранной марке', en: 'The model {id} does not belong to the chosen brand' },
  accessory_article_taken: { ru: 'Аксессуар с таким артикулом уже есть на сайте', en: 'The site already has an accessory with this article code' },
  accessory_attribute_code_taken: { ru: 'Атрибут с таким кодом уже есть', en: 'An attribute with this code already exists' },
  accessory_category_code_taken: { ru: 'Категория с таким кодом уже есть', en: 'A category with this code already exists' },
  accessory_import_category: { ru: 'Категория «{code}» не найдена', en: 'The category "{code}" does not exist' },
  accessory_import_image: { ru: 'Изображение {url} не загружено: {reason}', en: 'The image {url} was not loaded: {reason}' },
  accessory_import_attribute: { ru: 'Значение атрибута «{code}» не подходит к его типу', en: 'The value of the attribute "{code}" does not fit its type' },
  accessory_import_status: { ru: 'Неизвестный статус «{value}»', en: 'Unknown status "{value}"' },
  accessory_price_range: { ru: 'Цена «от» больше цены «до»', en: 'The "from" price is above the "to" price' },
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

/** A message as it travels inside a zod issue: `key` or `key|{"length":200}`. */
export function encodeMessage(key: MessageKey, params?: MessageParams): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

/** Numbers as each language writes them: `10 000` (with a no-break space), `10,000`. */
const NUMBER_FORMATS: Record<Lang, Intl.NumberFormat> = { ru: new Intl.NumberFormat('ru-RU'), en: new Intl.NumberFormat('en-US') };

/** The order of a plural token's forms per language: `{count:файл|файла|файлов}`, `{count:file|files}`. */
const PLURAL_FORMS: Record<Lang, Intl.LDMLPluralRule[]> = { ru: ['one', 'few', 'many'], en: ['one', 'other'] };
const PLURAL_RULES: Record<Lang, Intl.PluralRules> = { ru: new Intl.PluralRules('ru-RU'), en: new Intl.PluralRules('en-US') };

/** The form of a word that goes with a number in the language ("1 файл", "3 файла", "5 файлов"). */
export function pluralForm(lang: Lang, count: number, forms: readonly string[]): string {
  const index = PLURAL_FORMS[lang].indexOf(PLURAL_RULES[lang].select(count));
  return forms[index === -1 ? forms.length - 1 : index] ?? forms[forms.length - 1] ?? '';
}

/**
 * A text with its parameters: `{name}` as given, `{name:n}` a number written the language's way,
 * `{name:form|form|form}` the word's form for that number (see PLURAL_FORMS).
 */
export function interpolate(text: string, lang: Lang, params?: MessageParams): string {
  return text.replace(/\{(\w+)(?::([^{}]*))?\}/g, (token, name: string, spec: string | undefined) => {
    const value = params?.[name];
    if (value === undefined) return token;
    if (spec === undefined) return String(value);
    if (typeof value !== 'number') return token;
    return spec === 'n' ? NUMBER_FORMATS[lang].format(value) : pluralForm(lang, value, spec.split('|'));
  });
}

/** The message's text with its parameters (see interpolate). */
export function t(key: MessageKey, lang: Lang, params?: MessageParams): string {
  return interpolate(messages[key][lang], lang, params);
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
