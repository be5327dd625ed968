/**
 * Test helper: a real HTTP server on 127.0.0.1 standing in for `/api/v1` (no axios mocks), with
 * CORS for jsdom's XHR. Tests set `api.respond`; `api.requests` records method, path, query, the
 * raw body and, for multipart bodies, the field names with their text values or file names.
 * Points `apiClient` at itself; call `close()` in afterAll.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiClient } from '@campus/shared';

/** One part of a multipart body: a text value, or a file's name and size. */
export interface RecordedPart {
  name: string;
  value?: string;
  filename?: string;
  size?: number;
}

export interface RecordedRequest {
  method: string;
  /** Path below /api/v1. */
  path: string;
  query: URLSearchParams;
  contentType: string;
  authorization?: string;
  body: Buffer;
  /** Parsed multipart parts (empty for other bodies). */
  parts: RecordedPart[];
  /** Parsed JSON body, when JSON. */
  json?: unknown;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Send this raw text instead of JSON (e.g. an HTML error page). */
  raw?: string;
  delayMs?: number;
}

export interface FakeApi {
  requests: RecordedRequest[];
  respond: (request: RecordedRequest) => FakeAnswer;
  requestsTo: (method: string, path: string) => RecordedRequest[];
  close: () => Promise<void>;
}

/** Splits a multipart body into its parts (enough for assertions; not a full parser). */
export function parseMultipart(body: Buffer, contentType: string): RecordedPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return [];
  const marker = `--${boundary[1] ?? boundary[2]}`;
  const text = body.toString('latin1');
  return text
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

/** Starts the server and points `apiClient.defaults.baseURL` at it. */
export async function startFakeApi(): Promise<FakeApi> {
  const api: FakeApi = {
    requests: [],
    respond: () => ({ status: 404, body: { status: 'fail', message: 'Not found' } }),
    requestsTo: (method, path) => api.requests.filter((r) => r.method === method && r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE');
    if (req.method === 'OPTIONS') {
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = Buffer.concat(chunks);
      const contentType = req.headers['content-type'] ?? '';
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: url.searchParams,
        contentType,
        authorization: req.headers.authorization,
        body,
        parts: contentType.startsWith('multipart/') ? parseMultipart(body, contentType) : [],
      };
      if (contentType.includes('json') && body.length > 0) request.json = JSON.parse(body.toString('utf8'));
      api.requests.push(request);
      const answer = api.respond(request);
      const send = () => {
        if (res.destroyed) return;
        res.statusCode = answer.status ?? 200;
        if (answer.raw !== undefined) {
          res.setHeader('Content-Type', 'text/html');
          res.end(answer.raw);
          return;
        }
        res.setHeader('Content-Type', 'application/json');
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiClient.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return api;
}
