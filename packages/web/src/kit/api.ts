import type { AuthResult, JsonApiError, JsonApiList, JsonApiRecord } from '@dp/contracts';
// The app's first chunk: the contracts without zod (first-load.ts).
import { DEFAULT_LANG, MAX_PAGES, requestMessages, type Lang } from '@dp/contracts/first-load';
import { localAuthStore, toStoredAuth, type AuthStore } from './storage.ts';

/** An error answer of the API: the HTTP status, the JSON:API errors and the first title. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: JsonApiError[];
  readonly title: string;

  constructor(status: number, errors: JsonApiError[], fallback: string) {
    const title = errors[0]?.title || fallback;
    super(title);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.title = title;
  }

  /** Errors that point at a field: `/data/attributes/<field>` (or `/data/<field>` for actions). */
  fieldErrors(): Record<string, string[]> {
    const result: Record<string, string[]> = {};
    for (const error of this.errors) {
      const field = fieldOfPointer(error.source?.pointer);
      if (!field) continue;
      (result[field] ??= []).push(error.title);
    }
    return result;
  }
}

export function fieldOfPointer(pointer: string | undefined): string | null {
  if (!pointer) return null;
  const match = /^\/data\/(?:attributes\/)?([^/]+)/.exec(pointer);
  if (!match || match[1] === 'attributes') return null;
  return match[1]!;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any error thrown by a call. */
export function errorTitle(error: unknown, lang: Lang = DEFAULT_LANG): string {
  if (isApiError(error)) return error.title;
  if (error instanceof Error && error.message) return error.message;
  return requestMessages.internal[lang];
}

export type QueryValue = string | number | boolean | null | undefined | (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Public calls (sign-in, refresh, recovery) never carry a token nor trigger a refresh. */
  anonymous?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  baseUrl?: string;
  store?: AuthStore;
  getLang?: () => Lang;
  /** Raised after a failed refresh, once the stored auth is cleared. */
  events?: EventTarget;
}

export const AUTHORIZATION_EXPIRED = 'authorization-expired';
export const AUTH_REFRESHED = 'auth-refreshed';

/** Every client raises its events here unless told otherwise; the session store listens to it. */
export const authEvents = new EventTarget();

export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text === '') continue;
    // Brackets stay readable (page[size]); everything else is encoded.
    const name = encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
    parts.push(`${name}=${encodeURIComponent(text)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The gateway path of a service call: /gateway/<service>/api/v1/<path>. */
export const gatewayPath = (service: string, path: string) => `/gateway/${service}/api/v1/${path.replace(/^\/+/, '')}`;

export function createApiClient(options: ApiClientOptions = {}) {
  let baseUrl = options.baseUrl ?? '';
  let store = options.store ?? localAuthStore;
  let getLang = options.getLang ?? (() => DEFAULT_LANG);
  const events = options.events ?? authEvents;
  let refreshing: Promise<boolean> | null = null;

  async function send(method: string, path: string, opts: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': getLang() };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await fetch(`${baseUrl}${path}${buildQuery(opts.query)}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: opts.signal,
      });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      throw new ApiError(0, [], requestMessages.service_unavailable[getLang()]);
    }
  }

  async function parse(response: Response): Promise<unknown> {
    if (response.status === 204) return undefined;
    const text = await response.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  function toError(status: number, body: unknown): ApiError {
    const errors = Array.isArray((body as { errors?: unknown })?.errors) ? ((body as { errors: JsonApiError[] }).errors) : [];
    const lang = getLang();
    const fallback =
      status === 401 ? requestMessages.unauthorized[lang]
      : status === 403 ? requestMessages.forbidden[lang]
      : status === 404 ? requestMessages.not_found[lang]
      : status === 503 || status === 502 || status === 504 ? requestMessages.service_unavailable[lang]
      : requestMessages.internal[lang];
    return new ApiError(status, errors, fallback);
  }

  function expire() {
    store.set(null);
    events.dispatchEvent(new Event(AUTHORIZATION_EXPIRED));
  }

  /** One refresh at a time: concurrent 401s wait for the same one. Resolves true when a new pair is stored. */
  function refresh(): Promise<boolean> {
    if (refreshing) return refreshing;
    refreshing = (async () => {
      const current = store.get();
      if (!current?.refresh_token) {
        expire();
        return false;
      }
      const response = await send(
        'POST',
        gatewayPath('auth.processing', 'refresh'),
        { body: { data: { refresh_token: current.refresh_token } } },
        null,
      ).catch(() => null);
      if (!response) return false; // network failure: keep the session, the call fails
      if (!response.ok) {
        expire();
        return false;
      }
      const body = (await parse(response)) as { data?: AuthResult } | undefined;
      if (!body?.data?.access_token) {
        expire();
        return false;
      }
      store.set(toStoredAuth(body.data));
      events.dispatchEvent(new Event(AUTH_REFRESHED));
      return true;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Any call; returns the whole parsed body (undefined for 204). */
  async function request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const token = opts.anonymous ? null : (store.get()?.access_token ?? null);
    let response = await send(method, path, opts, token);
    if (response.status === 401 && token) {
      const latest = store.get()?.access_token ?? null;
      // Another call may have refreshed already while this one was in flight.
      const renewed = latest === null ? false : latest !== token ? true : await refresh();
      if (renewed) response = await send(method, path, opts, store.get()?.access_token ?? null);
    }
    const body = await parse(response);
    if (!response.ok) throw toError(response.status, body);
    return body as T;
  }

  /** A file answer (CSV, XLSX ...): the body and the file name of Content-Disposition; errors as for any call. */
  async function download(path: string, query?: Query, init: { method?: 'GET' | 'POST'; data?: unknown } = {}): Promise<{ blob: Blob; fileName: string | null }> {
    const token = store.get()?.access_token ?? null;
    // A generated document (a commercial offer) is a POST with its choices in `data`.
    const method = init.method ?? 'GET';
    const opts = { query, ...(init.data === undefined ? {} : { body: { data: init.data } }) };
    let response = await send(method, path, opts, token);
    if (response.status === 401 && token) {
      const latest = store.get()?.access_token ?? null;
      const renewed = latest === null ? false : latest !== token ? true : await refresh();
      if (renewed) response = await send(method, path, opts, store.get()?.access_token ?? null);
    }
    if (!response.ok) throw toError(response.status, await parse(response));
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
    return { blob: await response.blob(), fileName };
  }

  /** A call whose answer is `{ data }`: returns data. */
  async function call<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const body = await request<{ data?: T } | undefined>(method, path, opts);
    return body?.data as T;
  }

  /** Pages through a list until every record is read, at most MAX_PAGES pages (spec 000 §7). */
  async function fetchAll<A = Record<string, unknown>>(
    path: string,
    query: Query = {},
    pageSize = 500,
    maxPages = MAX_PAGES,
  ): Promise<JsonApiList<A>> {
    const data: JsonApiRecord<A>[] = [];
    const included = new Map<string, JsonApiRecord>();
    let total = 0;
    for (let page = 1; page <= maxPages; page++) {
      const body = await request<JsonApiList<A>>('GET', path, {
        query: { ...query, 'page[number]': page, 'page[size]': pageSize },
      });
      const rows = body?.data ?? [];
      data.push(...rows);
      for (const record of body?.included ?? []) included.set(`${record.type}:${record.id}`, record);
      total = body?.meta?.page?.total ?? data.length;
      if (rows.length === 0 || data.length >= total || rows.length < pageSize) break;
    }
    return { data, meta: { page: { number: 1, size: data.length, total } }, included: [...included.values()] };
  }

  return {
    request,
    call,
    fetchAll,
    refresh,
    download,
    get: <T = unknown>(path: string, query?: Query, signal?: AbortSignal) => call<T>('GET', path, { query, signal }),
    list: <A = Record<string, unknown>>(path: string, query?: Query, signal?: AbortSignal) =>
      request<JsonApiList<A>>('GET', path, { query, signal }),
    post: <T = unknown>(path: string, data?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
      call<T>('POST', path, { ...opts, body: data === undefined ? undefined : { data } }),
    patch: <T = unknown>(path: string, data: unknown) => call<T>('PATCH', path, { body: { data } }),
    delete: (path: string) => call<void>('DELETE', path),
    configure(next: Pick<ApiClientOptions, 'baseUrl' | 'store' | 'getLang'>) {
      if (next.baseUrl !== undefined) baseUrl = next.baseUrl;
      if (next.store) store = next.store;
      if (next.getLang) getLang = next.getLang;
    },
    get store() {
      return store;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: same origin, tokens in localStorage; the app sets the language source at start. */
export const api = createApiClient();
