/**
 * Session state shared by the host and every remote (docs/product.md §4 "Authentication"): the JWT and the
 * user, kept in localStorage under exactly the keys `jwt` (raw token string) and `user` (JSON).
 * The user is authenticated exactly when a token exists. All atoms live in jotai's default
 * store; because `@campus/shared` and jotai are federated singletons, there is one store for the
 * whole site (no `<Provider>` anywhere).
 */
import { atom, atomWithStorage, getDefaultStore, useAtomValue, useSetAtom } from 'jotai';
import { useSyncExternalStore } from 'react';
import type { LoginResponse, User } from './types';

/** localStorage keys (docs/product.md §3 "User"). */
export const JWT_STORAGE_KEY = 'jwt';
export const USER_STORAGE_KEY = 'user';

function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Private mode or full storage: the session still lives in memory for this tab.
  }
}

/** Subscribes to changes of `key` made in other tabs (the 'storage' event). */
function subscribeStorage(key: string, callback: (raw: string | null) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === localStorage && event.key === key) callback(event.newValue);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as User) : null;
  } catch {
    return null;
  }
}

/** The JWT, stored raw under `jwt`; null when signed out. */
export const jwtAtom = atomWithStorage<string | null>(
  JWT_STORAGE_KEY,
  null,
  {
    getItem: (key, initial) => readStorage(key) ?? initial,
    setItem: (key, value) => writeStorage(key, value),
    removeItem: (key) => writeStorage(key, null),
    subscribe: (key, callback, initial) => subscribeStorage(key, (raw) => callback(raw ?? initial)),
  },
  { getOnInit: true },
);

/** The signed-in user, stored as JSON under `user`; null when signed out or unknown. */
export const userAtom = atomWithStorage<User | null>(
  USER_STORAGE_KEY,
  null,
  {
    getItem: (key, initial) => parseUser(readStorage(key)) ?? initial,
    setItem: (key, value) => writeStorage(key, value === null ? null : JSON.stringify(value)),
    removeItem: (key) => writeStorage(key, null),
    subscribe: (key, callback, initial) =>
      subscribeStorage(key, (raw) => callback(parseUser(raw) ?? initial)),
  },
  { getOnInit: true },
);

/** True when the signed-in user is an admin: `role === 'admin'` (docs/product.md §6: the original brief's check against 'user' was a slip). */
export const isAdminAtom = atom((get) => get(userAtom)?.role === 'admin');

/** Loading and error state of the current-user refresh (docs/product.md §4 "User store"). */
export const userStatusAtom = atom<{ loading: boolean; error: string | null }>({
  loading: false,
  error: null,
});

/** The site-wide jotai store (the default store; exported so non-React code can read and write). */
export const sessionStore = getDefaultStore();

/** Stores the token and the user after a successful login (docs/product.md §4). */
export function setSession(session: LoginResponse): void {
  sessionStore.set(jwtAtom, session.token);
  sessionStore.set(userAtom, session.user);
}

/** Clears the token and the user (logout, HTTP 401; docs/product.md §4). */
export function clearSession(): void {
  sessionStore.set(jwtAtom, null);
  sessionStore.set(userAtom, null);
}

/** The current token, read outside React (the API client uses it). */
export function currentToken(): string | null {
  return sessionStore.get(jwtAtom);
}

const subscribeToken = (listener: () => void) => sessionStore.sub(jwtAtom, listener);
const noToken = () => null;

/**
 * React hook: `{ token, user, isAuthenticated, isAdmin }` from the shared store; without a token,
 * the guest view (user null). The server knows no session and renders the guest view (docs/product.md §23
 * item 1): the token is read with `useSyncExternalStore` whose server snapshot is "no token", so
 * hydration matches the server's HTML and React re-renders right after it only where a stored
 * session changes something. A guest's first view (most first views) re-renders nothing: a
 * re-render of the whole page after hydration was a 120 ms task on a 4× slower phone CPU.
 */
export function useSession() {
  const token = useSyncExternalStore(subscribeToken, currentToken, noToken);
  const user = useAtomValue(userAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  if (!token) return { token: null, user: null, isAuthenticated: false, isAdmin: false };
  return { token, user, isAuthenticated: true, isAdmin };
}

/** React hook returning the user setter (profile updates write the fresh user here). */
export function useSetUser() {
  return useSetAtom(userAtom);
}
