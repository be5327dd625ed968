/**
 * Test helper: a real HTTP server on 127.0.0.1 standing in for `/api/v1` (no axios mocks), with
 * CORS for jsdom's XHR. Each test sets `api.respond` to answer requests; `api.requests` records
 * what the pages asked for. Points `apiClient` at itself; call `close()` in afterAll.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiClient } from '@campus/shared';

/** A request the server received: method, path below /api/v1, and its query. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, if any. */
  body?: unknown;
}

/** An answer: HTTP status (default 200), JSON body, optional delay in ms before answering. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  delayMs?: number;
}

export interface FakeApi {
  requests: RecordedRequest[];
  respond: (request: RecordedRequest) => FakeAnswer;
  /** Requests to `path` (exact), in order. */
  requestsTo: (path: string) => RecordedRequest[];
  close: () => Promise<void>;
}

/** Starts the server and points `apiClient.defaults.baseURL` at it. */
export async function startFakeApi(): Promise<FakeApi> {
  const api: FakeApi = {
    requests: [],
    respond: () => ({ status: 404, body: { status: 'fail', message: 'Not found' } }),
    requestsTo: (path) => api.requests.filter((request) => request.path === path),
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
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: url.searchParams,
        body,
      };
      api.requests.push(request);
      const answer = api.respond(request);
      const send = () => {
        if (res.destroyed) return;
        res.statusCode = answer.status ?? 200;
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

/** A `GET /products` answer body (spec 3 "Product list response"). */
export function productListBody(products: unknown[], totalPages = 1, currentPage = 1) {
  return {
    status: 'success',
    data: { products, totalPages, totalProducts: products.length * totalPages, currentPage },
  };
}

/** A `GET /services` answer body (spec 3 "Service list response"). */
export function serviceListBody(services: unknown[], totalPages = 1, currentPage = 1) {
  return {
    status: 'success',
    data: { services, totalPages, totalServices: services.length * totalPages, currentPage },
  };
}
