import { useSyncExternalStore } from 'react';
import type { AuthResult, MeUser } from '@dp/contracts';
import { DEFAULT_LANG, isLang, MODES, type Lang, type Mode } from '@dp/contracts/first-load';
import { AUTH_REFRESHED, AUTHORIZATION_EXPIRED, api, authEvents, gatewayPath } from '../kit/api.ts';
import { AUTH_KEY, localAuthStore, readJson, toStoredAuth, writeJson, type StoredAuth } from '../kit/storage.ts';

/**
 * The browser-side session (spec 000 §7, §9): the stored auth (tokens + user, key 'auth'), the
 * interface language (under the stored user and in the 'locale' cookie), the current site
 * ('site'), the last five edited sites ('edit_history') and the remembered menu mode ('mode').
 */
export interface EditedSite {
  id: string;
  name: string;
  host: string | null;
  client: string | null;
}

export interface SessionState {
  auth: StoredAuth | null;
  user: MeUser | null;
  lang: Lang;
  siteId: string | null;
  editHistory: EditedSite[];
  mode: Mode | null;
  /** Signed in with several clients and none chosen yet: only /auth.processing/auth/ is open. */
  choosingClient: boolean;
}

export const SITE_KEY = 'site';
export const EDIT_HISTORY_KEY = 'edit_history';
export const MODE_KEY = 'mode';
export const LOCALE_COOKIE = 'locale';
export const EDIT_HISTORY_SIZE = 5;
/** Set between a sign-in and the choice of a client (spec 000 §2, /auth.processing/auth/). */
export const CLIENT_CHOICE_KEY = 'client_choice';
/** The client each user chose last, by user id: the choice is not asked again while it stands. */
export const CHOSEN_CLIENTS_KEY = 'chosen_clients';
/** Filters of the site lists; reset with the current site when the client changes. */
export const SITE_FILTER_KEY = 'site_filter';

export function readLocaleCookie(): Lang | null {
  if (typeof document === 'undefined') return null;
  const match = /(?:^|;\s*)locale=([^;]*)/.exec(document.cookie);
  const value = match ? decodeURIComponent(match[1]!) : null;
  return isLang(value) ? value : null;
}

export function writeLocaleCookie(lang: Lang): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LOCALE_COOKIE}=${lang}; path=/; max-age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}

function readState(): SessionState {
  const auth = localAuthStore.get();
  const stored = auth?.user?.locale;
  const lang: Lang = isLang(stored) ? stored : (readLocaleCookie() ?? DEFAULT_LANG);
  const siteRaw = readJson<string | number>(SITE_KEY);
  const history = readJson<EditedSite[]>(EDIT_HISTORY_KEY);
  const mode = readJson<string>(MODE_KEY);
  return {
    auth,
    user: auth?.user ?? null,
    lang,
    siteId: siteRaw === null || siteRaw === '' ? null : String(siteRaw),
    editHistory: Array.isArray(history) ? history.slice(0, EDIT_HISTORY_SIZE) : [],
    mode: (MODES as readonly string[]).includes(mode ?? '') ? (mode as Mode) : null,
    choosingClient: !!auth && readJson<boolean>(CLIENT_CHOICE_KEY) === true,
  };
}

let state: SessionState = readState();
const listeners = new Set<() => void>();

function emit() {
  state = readState();
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

authEvents.addEventListener(AUTHORIZATION_EXPIRED, emit);
authEvents.addEventListener(AUTH_REFRESHED, emit);
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || [AUTH_KEY, SITE_KEY, EDIT_HISTORY_KEY, MODE_KEY, CLIENT_CHOICE_KEY].includes(event.key)) emit();
  });
}

/** A language picked on the sign-in page, applied to the account once signed in. */
let chosenBeforeSignIn: Lang | null = null;

/**
 * Stores a successful sign-in; the language follows the user's stored locale, unless the user
 * picked another one on the sign-in page: then that one is saved to the account.
 */
export function signedIn(result: AuthResult): void {
  localAuthStore.set(toStoredAuth(result));
  writeJson(CLIENT_CHOICE_KEY, needsClientChoice(result.user) || null);
  const chosen = chosenBeforeSignIn;
  chosenBeforeSignIn = null;
  if (chosen && chosen !== result.user.locale) {
    setLang(chosen);
    void switchLanguage(chosen).catch(() => undefined);
    return;
  }
  if (isLang(result.user.locale)) writeLocaleCookie(result.user.locale);
  emit();
}

/** Replaces the stored user (after GET or PATCH /me), keeping the tokens. */
export function updateUser(user: MeUser): void {
  const auth = localAuthStore.get();
  if (!auth) return;
  localAuthStore.set({ ...auth, user });
  if (isLang(user.locale)) writeLocaleCookie(user.locale);
  emit();
}

/** Forgets the auth (logout or expiry); the site, history and language stay for the next sign-in. */
export function clearAuth(): void {
  localAuthStore.set(null);
  writeJson(CLIENT_CHOICE_KEY, null);
  emit();
}

/** Logout: tells the server (best effort) and clears the stored auth. */
export async function logout(): Promise<void> {
  if (localAuthStore.get()) {
    await api.post(gatewayPath('auth.processing', 'logout')).catch(() => undefined);
  }
  clearAuth();
}

/** Sets the language locally (cookie and stored user) at once. */
export function setLang(lang: Lang): void {
  writeLocaleCookie(lang);
  const auth = localAuthStore.get();
  if (auth && auth.user.locale !== lang) localAuthStore.set({ ...auth, user: { ...auth.user, locale: lang } });
  emit();
}

/** The locale switcher: before sign-in the choice is remembered, after it goes to the account. */
export function chooseLanguage(lang: Lang): Promise<void> {
  if (!localAuthStore.get()) {
    chosenBeforeSignIn = lang;
    setLang(lang);
    return Promise.resolve();
  }
  return switchLanguage(lang);
}

/** Switching language while signed in also PATCHes /me {locale} and keeps the answer. */
export async function switchLanguage(lang: Lang): Promise<void> {
  setLang(lang);
  if (!localAuthStore.get()) return;
  const record = await api.patch<{ id: string; attributes: Omit<MeUser, 'id'> }>(gatewayPath('clients.storage', 'me'), {
    type: 'users',
    attributes: { locale: lang },
  });
  if (record?.attributes) updateUser({ ...record.attributes, id: Number(record.id) });
}

export function setMode(mode: Mode | null): void {
  if (state.mode === mode) return;
  writeJson(MODE_KEY, mode);
  emit();
}

/** Chooses the site being edited and puts it first in the edit history (at most five). */
export function selectSite(site: EditedSite): void {
  writeJson(SITE_KEY, site.id);
  const history = [site, ...state.editHistory.filter((entry) => entry.id !== site.id)].slice(0, EDIT_HISTORY_SIZE);
  writeJson(EDIT_HISTORY_KEY, history);
  emit();
}

export function leaveSite(): void {
  writeJson(SITE_KEY, null);
  emit();
}

/** The client the user chose last (in this browser), if any. */
export function rememberedClient(userId: number): number | null {
  const chosen = readJson<Record<string, number>>(CHOSEN_CLIENTS_KEY);
  const id = chosen?.[String(userId)];
  return typeof id === 'number' ? id : null;
}

function rememberClient(userId: number, clientId: number): void {
  writeJson(CHOSEN_CLIENTS_KEY, { ...(readJson<Record<string, number>>(CHOSEN_CLIENTS_KEY) ?? {}), [String(userId)]: clientId });
}

/**
 * After sign-in, a user with more than one client chooses one (spec 000 §2), unless the session
 * already acts as the client chosen last time.
 */
export function needsClientChoice(user: Pick<MeUser, 'id' | 'clients' | 'client'>): boolean {
  return user.clients.length > 1 && rememberedClient(user.id) !== (user.client?.id ?? null);
}

/** The site filter of spec 000 §4: the current site and the site lists' filters. */
export function resetSiteFilter(): void {
  writeJson(SITE_KEY, null);
  writeJson(SITE_FILTER_KEY, null);
  emit();
}

/** The choice after sign-in is made: remembered, and the admin opens. */
export function finishClientChoice(clientId: number | null): void {
  const user = localAuthStore.get()?.user;
  if (user && clientId !== null) rememberClient(user.id, clientId);
  writeJson(CLIENT_CHOICE_KEY, null);
  emit();
}

/**
 * Stores the session of a client switch (auth_with_client or join_client): the new tokens and
 * user, the site filter reset (spec 000 §4). A chosen client of one's own is remembered; a joined
 * one is not.
 */
export function clientSwitched(result: AuthResult): void {
  localAuthStore.set(toStoredAuth(result));
  writeJson(SITE_KEY, null);
  writeJson(SITE_FILTER_KEY, null);
  const client = result.user.client;
  if (client && !result.user.joined_client && result.user.clients.some((own) => own.id === client.id)) rememberClient(result.user.id, client.id);
  writeJson(CLIENT_CHOICE_KEY, null);
  emit();
}

// Every call speaks the interface language.
api.configure({ getLang: () => state.lang });
