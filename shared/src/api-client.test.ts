/**
 * The API client against a real HTTP server on localhost (jsdom's XHR does real requests):
 * headers, bearer token, and the 401/403/404 routing of docs/product.md §8.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeApi, startFakeApi } from '@campus/testing';
import {
  apiClient,
  apiErrorMessage,
  loginPath,
  networkErrorMessage,
  SHED_READ_RETRIES,
  setApiNavigator,
  UNREACHABLE_MESSAGE,
} from './api-client';
import { OFFLINE_MESSAGE } from './online-status';
import { clearSession, setSession } from './session';

let api: FakeApi;
/** URL, Authorization and Content-Type of the last request the API received. */
const seen = () => {
  const last = api.requests.at(-1);
  return { url: last?.url, auth: last?.authorization, contentType: last?.contentType };
};

beforeAll(async () => {
  // Answers with the status asked for in `?status=` (default 200).
  api = await startFakeApi((request) => {
    const status = Number(request.query.get('status') ?? 200);
    return {
      status,
      body: status === 200 ? { status: 'success' } : { status: 'fail', message: `said ${status}` },
    };
  });
});

afterAll(() => api.close());

const navigate = jest.fn();
beforeEach(() => {
  setApiNavigator(navigate);
  clearSession();
  window.history.replaceState(null, '', '/products?page=2');
});

describe('apiClient', () => {
  it('calls an endpoint of the table: method and path from its key, params encoded, query, body, the answer', async () => {
    const answer = await apiClient.call('PATCH /auth/reset-password/:token', {
      params: { token: 'a b/c' },
      body: { password: 'pw1234', passwordConfirm: 'pw1234' },
    });
    const last = api.requests.at(-1);
    expect(last?.method).toBe('PATCH');
    expect(last?.url).toBe('/api/v1/auth/reset-password/a%20b%2Fc');
    expect(last?.body).toEqual({ password: 'pw1234', passwordConfirm: 'pw1234' });
    expect(answer).toEqual({ status: 'success' });

    await apiClient.call('GET /events', { query: { page: 2, university: 'Strathmore University' } });
    expect(api.requests.at(-1)?.url).toBe('/api/v1/events?page=2&university=Strathmore+University');
  });

  it('sends JSON headers and no token when signed out', async () => {
    await apiClient.post('/things', { a: 1 });
    expect(seen().url).toBe('/api/v1/things');
    expect(seen().contentType).toContain('application/json');
    expect(seen().auth).toBeUndefined();
  });

  it('sends the bearer token when present', async () => {
    setSession({ token: 'abc.def', user: { firstName: 'A', lastName: 'B', role: 'user' } });
    await apiClient.get('/users/me');
    expect(seen().auth).toBe('Bearer abc.def');
  });

  it('on 401 with a token: clears the session and goes to login with the requested path', async () => {
    setSession({ token: 'expired', user: { firstName: 'A', lastName: 'B', role: 'user' } });
    await expect(apiClient.get('/users/me', { params: { status: 401 } })).rejects.toThrow();
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth?mode=login&redirect=%2Fproducts%3Fpage%3D2');
  });

  it('on 401 without a token (a failed login) does not navigate', async () => {
    const error = await apiClient.post('/auth/login', {}, { params: { status: 401 } }).catch((e) => e);
    expect(navigate).not.toHaveBeenCalled();
    expect(apiErrorMessage(error, 'fallback')).toBe('said 401');
  });

  it('on 403 goes to /forbidden and on 404 to /not-found, rethrowing', async () => {
    await expect(apiClient.get('/x', { params: { status: 403 } })).rejects.toThrow();
    expect(navigate).toHaveBeenLastCalledWith('/forbidden');
    await expect(apiClient.get('/x', { params: { status: 404 } })).rejects.toThrow();
    expect(navigate).toHaveBeenLastCalledWith('/not-found');
  });

  it('redirectOnError: false leaves the error to the caller', async () => {
    await expect(apiClient.get('/x', { params: { status: 403 }, redirectOnError: false })).rejects.toThrow();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('apiErrorMessage falls back when there is no server message', () => {
    expect(apiErrorMessage(new Error('network'), 'Wrong email or password. Please try again.')).toBe(
      'Wrong email or password. Please try again.',
    );
  });
});

describe('networkErrorMessage (§21.5)', () => {
  it('is null when the server answered: its own message applies', async () => {
    const error = await apiClient.get('/x', { params: { status: 500 } }).catch((e: unknown) => e);
    expect(networkErrorMessage(error)).toBeNull();
  });

  it("says the server can't be reached when nothing answers, and 'You are offline' when offline", async () => {
    // A port nothing listens on: connection refused, no response.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await apiClient.get(`http://127.0.0.1:${port}/api/v1/x`).catch((e: unknown) => e);
    expect(networkErrorMessage(error)).toBe(UNREACHABLE_MESSAGE);
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(networkErrorMessage(error)).toBe(OFFLINE_MESSAGE);
    } finally {
      onLine.mockRestore();
    }
  });

  it('is null for a cancelled request and for errors that are not HTTP calls', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await apiClient.get('/x', { signal: controller.signal }).catch((e: unknown) => e);
    expect(networkErrorMessage(error)).toBeNull();
    expect(networkErrorMessage(new Error('boom'))).toBeNull();
  });
});

describe('a read shed under load (ADR 0030)', () => {
  /** Answers the first `shed` requests 503 with `Retry-After: 1`, then 200. */
  const shedding = (shed: number, headers: Record<string, string> = { 'Retry-After': '1' }) => {
    let answered = 0;
    api.respond = () =>
      answered++ < shed
        ? { status: 503, headers, body: { status: 'error', message: 'busy' } }
        : { body: { status: 'success' } };
  };
  let respondAsAsked: FakeApi['respond'];
  beforeEach(() => {
    respondAsAsked = api.respond;
  });
  afterEach(() => {
    api.respond = respondAsAsked;
  });

  it('is sent again after its Retry-After, and the page gets the answer', async () => {
    shedding(1);
    const started = Date.now();
    const answer = await apiClient.call('GET /events');
    expect(answer).toEqual({ status: 'success' });
    expect(api.requestsTo('GET', '/events').length).toBeGreaterThanOrEqual(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it(`gives up after ${SHED_READ_RETRIES} more tries and rejects with the 503`, async () => {
    const before = api.requests.length;
    shedding(SHED_READ_RETRIES + 1);
    const error = await apiClient.call('GET /events').catch((e: unknown) => e);
    expect(error).toMatchObject({ response: { status: 503 } });
    expect(api.requests.length - before).toBe(SHED_READ_RETRIES + 1);
  });

  it('is not retried without Retry-After, with a long one, or for a write', async () => {
    for (const [headers, method] of [
      [{}, 'GET'],
      [{ 'Retry-After': '120' }, 'GET'],
      [{ 'Retry-After': '1' }, 'POST'],
    ] as const) {
      const before = api.requests.length;
      shedding(1, headers);
      const call =
        method === 'GET'
          ? apiClient.call('GET /events')
          : apiClient.call('POST /feedback', {
              body: { name: 'A', email: 'a@b.co', rating: 4, message: 'ok' },
            });
      const error = await call.catch((e: unknown) => e);
      expect(error).toMatchObject({ response: { status: 503 } });
      expect(api.requests.length - before).toBe(1);
    }
  });
});

describe('a failed download of axios (offline before the first API call)', () => {
  it("rejects like a call that reached nothing ('You are offline'), and downloads again on the next call", async () => {
    let downloads = 0;
    jest.doMock('axios', () => {
      downloads += 1;
      if (downloads === 1) throw new Error('Loading chunk axios failed (net::ERR_INTERNET_DISCONNECTED)');
      return jest.requireActual('axios');
    });
    let fresh: typeof import('./api-client') | undefined;
    jest.isolateModules(() => {
      fresh = require('./api-client') as typeof import('./api-client');
    });
    if (!fresh) throw new Error('api-client did not load');
    const error = await fresh.apiClient.get(`${api.baseURL}/x`).catch((e: unknown) => e);
    expect(error).toMatchObject({ isAxiosError: true, code: 'ERR_NETWORK' });
    expect((error as { response?: unknown }).response).toBeUndefined();
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(fresh.networkErrorMessage(error)).toBe(OFFLINE_MESSAGE);
    } finally {
      onLine.mockRestore();
    }
    const answer = await fresh.apiClient.get(`${api.baseURL}/again`);
    expect(answer.status).toBe(200);
    expect(downloads).toBe(2);
    jest.dontMock('axios');
  });
});

describe('loginPath', () => {
  it('keeps the redirect, but never back to /auth', () => {
    expect(loginPath('/app/settings')).toBe('/auth?mode=login&redirect=%2Fapp%2Fsettings');
    expect(loginPath('/auth?mode=register')).toBe('/auth?mode=login');
    expect(loginPath()).toBe('/auth?mode=login');
  });
});
