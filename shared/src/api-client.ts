/**
 * The one axios client for `/api/v1` (spec 7, spec 8, spec 9): JSON headers, the bearer token
 * from the session when present, a 5000 ms default timeout, and the error routing of spec 8:
 * - 401 on a request that carried a token: the session is cleared and the browser goes to
 *   `/auth?mode=login&redirect=<requested path>`;
 * - 403 → `/forbidden`; 404 → `/not-found`;
 * the error is always rethrown. A request can opt out of the redirects with
 * `{ redirectOnError: false }` (forms that show the server's message themselves, e.g. login).
 */
import axios, { type AxiosError, type AxiosRequestConfig } from 'axios';
import { TIMEOUT_DEFAULT_MS } from './constants';
import { OFFLINE_MESSAGE } from './online-status';
import { clearSession, currentToken } from './session';
import type { ApiErrorBody } from './types';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** false: do not navigate on 401/403/404; the caller handles the error. Default true. */
    redirectOnError?: boolean;
  }
}

/** Base path of every API call (spec 7). */
export const API_BASE_URL = '/api/v1';

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

/**
 * Lets the shell route client-side navigations (401/403/404 redirects) through its router
 * instead of a full page load. The host calls this once with `router.navigate`.
 */
export function setApiNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

/** Path to send a guest to for login, keeping `redirect` (spec 4; ARCHITECTURE guards). */
export function loginPath(redirect?: string): string {
  if (!redirect || redirect.startsWith('/auth')) return '/auth?mode=login';
  return `/auth?mode=login&redirect=${encodeURIComponent(redirect)}`;
}

/** The configured axios instance every page uses. */
export const apiClient = axios.create({
  baseURL: API_BASE_URL,
  timeout: TIMEOUT_DEFAULT_MS,
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
});

apiClient.interceptors.request.use((config) => {
  const token = currentToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  // Let the browser set multipart/form-data with its boundary for uploads.
  if (typeof FormData !== 'undefined' && config.data instanceof FormData)
    config.headers.delete('Content-Type');
  return config;
});

apiClient.interceptors.response.use(
  (response) => response,
  (error: AxiosError) => {
    const status = error.response?.status;
    const config = (error.config ?? {}) as AxiosRequestConfig;
    if (config.redirectOnError !== false && typeof window !== 'undefined') {
      const hadToken = Boolean(config.headers && (config.headers as Record<string, unknown>).Authorization);
      if (status === 401 && hadToken) {
        clearSession();
        navigateTo(loginPath(window.location.pathname + window.location.search));
      } else if (status === 403) {
        navigateTo('/forbidden');
      } else if (status === 404) {
        navigateTo('/not-found');
      }
    }
    return Promise.reject(error);
  },
);

/**
 * The message to show for a failed call: the server's `message` (spec 7 "read the message
 * field") when the server answered with one, else `fallback`.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (axios.isAxiosError(error)) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
  }
  return fallback;
}

/** Shown when a call got no answer while the browser is online: server down, timeout, DNS (issue 14 item 5). */
export const UNREACHABLE_MESSAGE = "Can't reach Campus Soko — check your connection";

/**
 * The network-failure message for a failed call, or null when the server answered (its own
 * message applies: spec 7, spec 8) or the call was cancelled on purpose (issue 14 item 5):
 * 'You are offline' while `navigator.onLine` is false, else "Can't reach Campus Soko — check
 * your connection" (no answer: connection refused, timeout after 5000 ms, DNS).
 */
export function networkErrorMessage(error: unknown): string | null {
  if (!axios.isAxiosError(error) || error.response || axios.isCancel(error)) return null;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return OFFLINE_MESSAGE;
  return UNREACHABLE_MESSAGE;
}

/** Per-field messages of a 4xx answer (`errors: {field: message}`), or {}. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (axios.isAxiosError(error)) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    if (body?.errors && typeof body.errors === 'object') return body.errors;
  }
  return {};
}
