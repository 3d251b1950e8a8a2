import type { Config } from '../../kit/config.ts';
import { safeFetch } from '../../kit/safe-fetch.ts';

/**
 * Calls of the Telegram Bot API for the showroom's bots: at the configured base URL
 * (TELEGRAM_API_URL), through the outgoing-call guard, with time and size limits. A token never
 * appears in an error's text.
 */
export class BotApiError extends Error {
  constructor(
    message: string,
    /** Telegram answered and refused (401, 404: a wrong token; 400: a bad call); otherwise unreachable. */
    public refused: boolean,
    public status?: number,
  ) {
    super(message);
    this.name = 'BotApiError';
  }
}

const redact = (text: string, token: string) => text.split(token).join('***');

/** One Bot API method with JSON parameters; its `result` when Telegram answers ok. */
export async function callBotApi<T = unknown>(config: Pick<Config, 'telegramApiUrl'>, token: string, method: string, params: Record<string, unknown> = {}, timeoutMs = 10_000, signal?: AbortSignal): Promise<T> {
  let response;
  try {
    response = await safeFetch(`${config.telegramApiUrl}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      timeoutMs,
      maxBytes: 1024 * 1024,
      maxRedirects: 0,
      requireOk: false,
      signal,
    });
  } catch (error) {
    const message = redact((error as Error).message ?? String(error), token);
    throw new BotApiError(message, false);
  }
  let answer: { ok?: boolean; result?: T; description?: string; error_code?: number };
  try {
    answer = JSON.parse(response.body.toString('utf8'));
  } catch {
    throw new BotApiError(`the Bot API answered ${response.status} without JSON`, false, response.status);
  }
  if (answer.ok === true) return answer.result as T;
  const status = answer.error_code ?? response.status;
  // 4xx: Telegram refused (a wrong token is 401 or 404); 5xx and the rest: worth another try.
  throw new BotApiError(redact(String(answer.description ?? `error ${status}`).slice(0, 300), token), status >= 400 && status < 500, status);
}

export interface BotIdentity {
  id: number;
  username?: string;
  first_name?: string;
}

/** The bot a token belongs to (getMe). */
export const getMe = (config: Pick<Config, 'telegramApiUrl'>, token: string) => callBotApi<BotIdentity>(config, token, 'getMe');
