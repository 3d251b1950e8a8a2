import type { Lang } from './lang.ts';

/**
 * The messages of a call that failed without an answer to show (no network, 401, 403, 404, 5xx):
 * part of `messages`, apart so that the web's first chunk has them without every other text
 * (first-load.ts).
 */
export const requestMessages = {
  unauthorized: { ru: 'Требуется авторизация', en: 'Unauthorized' },
  forbidden: { ru: 'Недостаточно прав для этого действия', en: 'You do not have permission for this action' },
  not_found: { ru: 'Запись не найдена', en: 'The record was not found' },
  internal: { ru: 'Внутренняя ошибка сервера. Повторите попытку позже', en: 'Internal server error. Please try again later' },
  service_unavailable: { ru: 'Сервис временно недоступен', en: 'The service is temporarily unavailable' },
} as const satisfies Record<string, Record<Lang, string>>;
