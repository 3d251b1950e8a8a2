import { SafeFetchError } from '../../kit/safe-fetch.ts';

/**
 * Why an action did not run, in the platform's language (kept in `last_error`, shown on the
 * request and in lost requests), and whether trying again may help: a CRM or mail server that is
 * down or slow is retried; a refused address, a missing template or a 4xx answer is not.
 */
export class ActionFailure extends Error {
  constructor(
    message: string,
    public permanent: boolean,
  ) {
    super(message);
    this.name = 'ActionFailure';
  }
}

const SAFE_FETCH_TEXTS: Record<string, string> = {
  url_scheme: 'Адрес должен начинаться с http:// или https://',
  url_invalid: 'Неправильный адрес',
  address_refused: 'Адрес запрещён: внутренние, локальные и служебные адреса недоступны',
  numeric_host: 'Адрес, записанный числом, запрещён',
  dns_failed: 'Имя сервера не найдено в DNS',
  too_many_redirects: 'Слишком много перенаправлений',
  timeout: 'Сервер не ответил вовремя',
  too_large: 'Ответ сервера слишком большой',
  network: 'Сервер недоступен',
};

/** Any error of a run as an ActionFailure. */
export function asFailure(error: unknown): ActionFailure {
  if (error instanceof ActionFailure) return error;
  if (error instanceof SafeFetchError) {
    const text = error.code === 'http_status' ? `Сервер ответил ${error.status}` : `${SAFE_FETCH_TEXTS[error.code] ?? 'Ошибка запроса'} (${error.message})`;
    // 408 and 429 say "later"; other 4xx answers will not change by themselves.
    const retried = error.transient || error.status === 408 || error.status === 429;
    return new ActionFailure(text, !retried);
  }
  // nodemailer: an SMTP answer 5xx is final (a refused address, a refused login); a connection failure or 4xx is not.
  const smtp = error as { responseCode?: number; code?: string; message?: string };
  const message = (smtp.message ?? String(error)).slice(0, 500);
  if (smtp.code === 'EAUTH') return new ActionFailure(`SMTP: вход не выполнен (${message})`, true);
  if (typeof smtp.responseCode === 'number') return new ActionFailure(`SMTP ${smtp.responseCode}: ${message}`, smtp.responseCode >= 500);
  return new ActionFailure(`Ошибка отправки: ${message}`, false);
}
