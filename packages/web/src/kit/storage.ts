import type { AuthResult, MeUser } from '@dp/contracts';

/** What a successful sign-in leaves in the browser (spec 000 §7): tokens and the user. */
export interface StoredAuth {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  user: MeUser;
}

export const AUTH_KEY = 'auth';

/** Where the API client reads and writes the tokens; the app uses localStorage, tests a memory one. */
export interface AuthStore {
  get(): StoredAuth | null;
  set(auth: StoredAuth | null): void;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readJson<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  const store = storage();
  if (!store) return;
  if (value === null || value === undefined) store.removeItem(key);
  else store.setItem(key, JSON.stringify(value));
}

function isStoredAuth(value: unknown): value is StoredAuth {
  const v = value as StoredAuth | null;
  return !!v && typeof v.access_token === 'string' && typeof v.refresh_token === 'string' && !!v.user && typeof v.user === 'object';
}

export const localAuthStore: AuthStore = {
  get() {
    const value = readJson<StoredAuth>(AUTH_KEY);
    return isStoredAuth(value) ? value : null;
  },
  set(auth) {
    writeJson(AUTH_KEY, auth);
  },
};

export function memoryAuthStore(initial: StoredAuth | null = null): AuthStore {
  let value = initial;
  return {
    get: () => value,
    set: (auth) => {
      value = auth;
    },
  };
}

export function toStoredAuth(result: AuthResult): StoredAuth {
  return {
    access_token: result.access_token,
    refresh_token: result.refresh_token,
    token_type: result.token_type,
    expires_in: result.expires_in,
    user: result.user,
  };
}
