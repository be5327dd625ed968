/**
 * The front end's one fake API for tests (docs/product.md §18.3): a real HTTP server on 127.0.0.1
 * standing in for `/api/v1`, so a page's calls go through the real `apiClient` (axios, its
 * interceptors, its error routing; ADR 0005) and jsdom's XHR exactly as in the browser — no axios
 * mocks (docs/stack-notes.md "Jest": jsdom makes real requests). CORS is open for jsdom's origin.
 *
 * A test sets `api.respond` to answer; `api.requests` records every request (after the CORS
 * preflight). `setupFakeApi()` gives a test file one server (started, cleared between tests and
 * closed by jest hooks); `startFakeApi()` starts one the caller closes. MSW was tried instead and left (docs/stack-notes.md "Jest").
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiClient } from '@campus/shared';

/** One part of a multipart body: a text value, or a file's name and size in bytes. */
export interface RecordedPart {
  name: string;
  value?: string;
  filename?: string;
  size?: number;
}

/** A request the fake API received. */
export interface RecordedRequest {
  method: string;
  /** Path below /api/v1, without the query, e.g. '/products'. */
  path: string;
  /** Path and query as requested, e.g. '/api/v1/products?page=2'. */
  url: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The Authorization header, e.g. 'Bearer <jwt>', if any. */
  authorization?: string;
  /** The Content-Type header ('' when absent). */
  contentType: string;
  /** The body parsed as JSON, else its text; undefined when empty. */
  body: unknown;
  /** The body's bytes. */
  raw: Buffer;
  /** The parts of a multipart body (empty for other bodies). */
  parts: RecordedPart[];
}

/** How to answer a request. */
export interface FakeAnswer {
  /** HTTP status (default 200). */
  status?: number;
  /** Sent as JSON (nothing when undefined). */
  body?: unknown;
  /** Sent as text/html instead of `body` (e.g. a proxy's HTML error page). */
  raw?: string;
  /** Extra response headers, readable by the page as on the same origin (e.g. `Retry-After`). */
  headers?: Record<string, string>;
  /** ms to wait before answering. */
  delayMs?: number;
  /** Answer once this promise settles (tests release it to observe the pending state; see gate()). */
  waitFor?: Promise<unknown>;
  /** Destroy the connection instead of answering (a request with no response). */
  closeConnection?: boolean;
}

export interface FakeApi {
  requests: RecordedRequest[];
  /** Answers each request; the default answers 404 `{status:'fail', message:'Not found'}`. */
  respond: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;
  /** The requests with this method to this path (below /api/v1), in order. */
  requestsTo: (method: string, path: string) => RecordedRequest[];
  /** The server's `/api/v1` URL, e.g. 'http://127.0.0.1:40123/api/v1'. */
  baseURL: string;
  close: () => Promise<void>;
}

/** Splits a multipart body into its parts (enough for assertions; not a full parser). */
export function parseMultipart(body: Buffer, contentType: string): RecordedPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return [];
  const marker = `--${boundary[1] ?? boundary[2]}`;
  return body
    .toString('latin1')
    .split(marker)
    .slice(1, -1)
    .map((chunk) => {
      const [head = '', ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
      const content = rest.join('\r\n\r\n').replace(/\r\n$/, '');
      const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      return filename === undefined ? { name, value: content } : { name, filename, size: content.length };
    });
}

function record(req: http.IncomingMessage, raw: Buffer): RecordedRequest {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const contentType = req.headers['content-type'] ?? '';
  const multipart = contentType.startsWith('multipart/');
  let body: unknown;
  if (raw.length > 0 && !multipart) {
    const text = raw.toString('utf8');
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return {
    method: req.method ?? 'GET',
    path: url.pathname.replace(/^\/api\/v1/, ''),
    url: req.url ?? '/',
    query: url.searchParams,
    headers: req.headers,
    ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    contentType,
    body,
    raw,
    parts: multipart ? parseMultipart(raw, contentType) : [],
  };
}

const notFound: FakeApi['respond'] = () => ({ status: 404, body: { status: 'fail', message: 'Not found' } });

/** A fake API that does not listen yet (`listen` starts it). */
function newFakeApi(respond: FakeApi['respond'] = notFound): FakeApi {
  const api: FakeApi = {
    requests: [],
    respond,
    requestsTo: (method, path) =>
      api.requests.filter((request) => request.method === method && request.path === path),
    baseURL: '',
    close: async () => {},
  };
  return api;
}

/** Starts `api`'s server on 127.0.0.1 and points `apiClient.defaults.baseURL` at it. */
async function listen(api: FakeApi): Promise<void> {
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request = record(req, Buffer.concat(chunks));
      api.requests.push(request);
      const answer = await api.respond(request);
      const send = () => {
        if (res.destroyed) return;
        if (answer.closeConnection) {
          req.socket.destroy();
          return;
        }
        res.statusCode = answer.status ?? 200;
        for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
        if (answer.headers)
          res.setHeader('Access-Control-Expose-Headers', Object.keys(answer.headers).join(', '));
        if (answer.raw !== undefined) {
          res.setHeader('Content-Type', 'text/html');
          res.end(answer.raw);
          return;
        }
        res.setHeader('Content-Type', 'application/json');
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      };
      const delayed = () => (answer.delayMs ? setTimeout(send, answer.delayMs) : send());
      if (answer.waitFor) void answer.waitFor.then(delayed, delayed);
      else delayed();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  apiClient.defaults.baseURL = api.baseURL;
  api.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/**
 * Starts the fake API (answering with `respond` when given, else 404) and points
 * `apiClient.defaults.baseURL` at it; the caller closes it.
 */
export async function startFakeApi(respond?: FakeApi['respond']): Promise<FakeApi> {
  const api = newFakeApi(respond);
  await listen(api);
  return api;
}

/**
 * One fake API for a test file: started in beforeAll (answering with `respond` when given, else
 * 404), its recorded requests forgotten before each test, closed in afterAll. Call it at the top
 * level of the file; tests set `api.respond` as they need.
 */
export function setupFakeApi(respond?: FakeApi['respond']): FakeApi {
  const api = newFakeApi(respond);
  beforeAll(() => listen(api));
  beforeEach(() => {
    api.requests.length = 0;
  });
  afterAll(() => api.close());
  return api;
}

/** A promise with its opener, to hold a fake answer (`waitFor`) until the test releases it. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
