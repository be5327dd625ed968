/**
 * The one axios client for `/api/v1` (docs/product.md §7, §8, §9), axios loaded on the first call
 * (docs/product.md §23): JSON headers, the bearer token
 * from the session when present, a 5000 ms default timeout, and the error routing of docs/product.md §8:
 * - 401 on a request that carried a token: the session is cleared and the browser goes to
 *   `/auth?mode=login&redirect=<requested path>`;
 * - 403 → `/forbidden`; 404 → `/not-found`;
 * the error is always rethrown. A request can opt out of the redirects with
 * `{ redirectOnError: false }` (forms that show the server's message themselves, e.g. login).
 */
import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { TIMEOUT_DEFAULT_MS } from './constants';
import type { EndpointAnswer, EndpointInput, EndpointKey, Endpoints } from './contract';
import { endpointRoute, fillPath } from './contract/endpoint';
import { OFFLINE_MESSAGE } from './online-status';
import { clearSession, currentToken } from './session';
import type { ApiErrorBody } from './types';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** false: do not navigate on 401/403/404; the caller handles the error. Default true. */
    redirectOnError?: boolean;
  }
}

/** Base path of every API call (docs/product.md §7). */
export const API_BASE_URL = '/api/v1';

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

/**
 * Lets the shell route client-side navigations (401/403/404 redirects) through its router
 * instead of a full page load. The shell sets it from inside its router (`useApiNavigator`).
 */
export function setApiNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

/** Path to send a guest to for login, keeping `redirect` (docs/product.md §4; ARCHITECTURE guards). */
export function loginPath(redirect?: string): string {
  if (!redirect || redirect.startsWith('/auth')) return '/auth?mode=login';
  return `/auth?mode=login&redirect=${encodeURIComponent(redirect)}`;
}

/** Settings of every call; tests point `baseURL` at their own server. */
export interface ApiClientDefaults {
  /** Prefix of every relative URL (default `/api/v1`). */
  baseURL: string;
  /** ms before a call fails without an answer (default 5000). */
  timeout: number;
}

/**
 * The API client every page uses: the methods of an axios instance (same arguments, same
 * answers and errors), but axios and axios-retry (~20 KB brotli, one chunk) are downloaded on
 * the first call, not with the first view (docs/product.md §23: server-rendered pages hand their
 * data with the HTML, so a guest's first view makes no API call). `preloadApiClient()` starts the
 * download early.
 */
export interface ApiClient {
  defaults: ApiClientDefaults;
  /**
   * Calls an endpoint of the table (`@campus/shared/contract`, docs/decisions/0038) by its key,
   * e.g. `call('GET /events/:id', {params: {id}, signal})`: `params` fill the path (URI-encoded),
   * `query` is the query string, `body` the JSON or multipart body; any other axios option
   * (`signal`, `timeout`, `redirectOnError`, `onUploadProgress`) passes through.
   * @returns the answer's JSON, typed from the table (null for a 204)
   */
  call<K extends EndpointKey>(
    endpoint: K,
    ...options: CallTable[K]['arguments']
  ): Promise<CallTable[K]['answer']>;
  get<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  delete<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
}

/** The options of `apiClient.call`: the endpoint's inputs, and axios's other options. */
export type CallOptions<K extends EndpointKey> = EndpointInput<Endpoints[K]> &
  Omit<AxiosRequestConfig, 'url' | 'method' | 'params' | 'data' | 'baseURL'>;

/** `[options]`, optional when the endpoint needs no params nor body. */
export type CallArguments<K extends EndpointKey> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` extends T exactly when every key of T is optional
  {} extends EndpointInput<Endpoints[K]> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/**
 * Each endpoint's call arguments and answer, computed once per endpoint: `call`'s signature
 * indexes it, so TypeScript never builds them over the union of every endpoint.
 */
type CallTable = {
  [K in EndpointKey]: { arguments: CallArguments<K>; answer: EndpointAnswer<Endpoints[K]> };
};

let instance: Promise<AxiosInstance> | null = null;

/** How long a shed read may ask to wait before it is sent again (its `Retry-After`), seconds. */
export const SHED_READ_MAX_WAIT_S = 10;
/** How many times a shed read is sent again before the page shows the error. */
export const SHED_READ_RETRIES = 2;

/**
 * True for a read the API shed under load (ADR 0030): a GET or HEAD answered 503 with a
 * `Retry-After` of at most {@link SHED_READ_MAX_WAIT_S} seconds. A 503 without it (the service
 * worker's offline answer, a server that is down) is not retried.
 */
export function isShedRead(error: AxiosError): boolean {
  const method = (error.config?.method ?? 'get').toLowerCase();
  if (error.response?.status !== 503 || (method !== 'get' && method !== 'head')) return false;
  const seconds = Number(error.response.headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 && seconds <= SHED_READ_MAX_WAIT_S;
}

/**
 * Builds the axios instance: JSON headers, the bearer token, the error routing of
 * docs/product.md §8, and a shed read sent again after its `Retry-After` (axios-retry, ADR 0030),
 * so a busy moment delays a page's data instead of showing its error.
 */
function createInstance(
  axios: typeof import('axios').default,
  axiosRetry: typeof import('axios-retry').default,
): AxiosInstance {
  const client = axios.create({
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  });
  client.interceptors.request.use((config) => {
    const token = currentToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    // Let the browser set multipart/form-data with its boundary for uploads.
    if (typeof FormData !== 'undefined' && config.data instanceof FormData)
      config.headers.delete('Content-Type');
    return config;
  });
  client.interceptors.response.use(
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
  axiosRetry(client, {
    retries: SHED_READ_RETRIES,
    retryCondition: isShedRead,
    // The wait is the answer's Retry-After (axios-retry's default delay); each attempt gets the
    // whole timeout.
    shouldResetTimeout: true,
  });
  return client;
}

/**
 * The axios instance, downloading axios on the first call (a failed download is retried next
 * time). A download that fails (offline, dead network) rejects like a call that reached nothing:
 * an axios network error (`isAxiosError`, code `ERR_NETWORK`, no response), so the pages say
 * 'You are offline' or "Can't reach Campus Soko", never a server's message such as a wrong password.
 */
function loadInstance(): Promise<AxiosInstance> {
  // One chunk (the same chunk name): axios and axios-retry come in one download.
  instance ??= Promise.all([
    import(/* webpackChunkName: "http-client" */ 'axios'),
    import(/* webpackChunkName: "http-client" */ 'axios-retry'),
  ]).then(
    ([axios, axiosRetry]) => createInstance(axios.default, axiosRetry.default),
    (error: unknown) => {
      instance = null;
      throw Object.assign(new Error('Network Error'), {
        name: 'AxiosError',
        isAxiosError: true,
        code: 'ERR_NETWORK',
        config: {},
        cause: error,
      });
    },
  );
  return instance;
}

/** Starts downloading axios now (a client-rendered page calls the API at once); never rejects. */
export function preloadApiClient(): void {
  loadInstance().catch(() => undefined);
}

/** A call's config over the client's defaults (the call's own `baseURL`/`timeout` win). */
function withDefaults(config?: AxiosRequestConfig): AxiosRequestConfig {
  return { baseURL: apiClient.defaults.baseURL, timeout: apiClient.defaults.timeout, ...config };
}

/** The configured client every page uses (see {@link ApiClient}). */
export const apiClient: ApiClient = {
  defaults: { baseURL: API_BASE_URL, timeout: TIMEOUT_DEFAULT_MS },
  call: (endpoint, ...[options]) => {
    const { params, query, body, ...config } = (options ?? {}) as {
      params?: Record<string, string>;
      query?: object;
      body?: unknown;
    } & AxiosRequestConfig;
    const { method, path } = endpointRoute(endpoint);
    return loadInstance()
      .then((client) =>
        client.request({
          ...withDefaults(config),
          method,
          url: fillPath(path, params),
          params: query,
          data: body,
        }),
      )
      .then((response) => response.data);
  },
  get: (url, config) => loadInstance().then((client) => client.get(url, withDefaults(config))),
  delete: (url, config) => loadInstance().then((client) => client.delete(url, withDefaults(config))),
  post: (url, data, config) => loadInstance().then((client) => client.post(url, data, withDefaults(config))),
  put: (url, data, config) => loadInstance().then((client) => client.put(url, data, withDefaults(config))),
  patch: (url, data, config) =>
    loadInstance().then((client) => client.patch(url, data, withDefaults(config))),
};

/**
 * axios's own checks (`axios.isAxiosError`, `axios.isCancel`) without importing axios: an error
 * of a call carries `isAxiosError: true`, a cancelled call `__CANCEL__: true`.
 */
function isAxiosError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

function isCancel(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { __CANCEL__?: unknown }).__CANCEL__ === true
  );
}

/**
 * The message to show for a failed call: the server's `message` (docs/product.md §7 "read the message
 * field") when the server answered with one, else `fallback`.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (isAxiosError(error)) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
  }
  return fallback;
}

/** Shown when a call got no answer while the browser is online: server down, timeout, DNS (docs/product.md §21.5). */
export const UNREACHABLE_MESSAGE = "Can't reach Campus Soko — check your connection";

/**
 * The network-failure message for a failed call, or null when the server answered (its own
 * message applies: docs/product.md §7, §8) or the call was cancelled on purpose (docs/product.md §21.5):
 * 'You are offline' while `navigator.onLine` is false, else "Can't reach Campus Soko — check
 * your connection" (no answer: connection refused, timeout after 5000 ms, DNS).
 */
export function networkErrorMessage(error: unknown): string | null {
  if (!isAxiosError(error) || error.response || isCancel(error)) return null;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return OFFLINE_MESSAGE;
  return UNREACHABLE_MESSAGE;
}

/** Per-field messages of a 4xx answer (`errors: {field: message}`), or {}. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (isAxiosError(error)) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    if (body?.errors && typeof body.errors === 'object') return body.errors;
  }
  return {};
}
