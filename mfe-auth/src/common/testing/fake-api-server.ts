/**
 * Test helper: a real HTTP server on 127.0.0.1 standing in for `/api/v1` (no axios mocks), with
 * CORS for jsdom's XHR. Tests set `api.respond` to answer; `api.requests` records what the pages
 * sent (method, path below /api/v1, query, parsed JSON body). `closeConnection: true` drops the
 * connection without an answer (a request with "no response"). Points `apiClient` at itself.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiClient } from '@campus/shared';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** ms to wait before answering. */
  delayMs?: number;
  /** Resolve this promise before answering (tests release it to observe the pending state). */
  waitFor?: Promise<unknown>;
  /** Destroy the socket instead of answering. */
  closeConnection?: boolean;
}

export interface FakeApi {
  requests: RecordedRequest[];
  respond: (request: RecordedRequest) => FakeAnswer;
  requestsTo: (method: string, path: string) => RecordedRequest[];
  baseURL: string;
  close: () => Promise<void>;
}

/** Starts the server and points `apiClient.defaults.baseURL` at it. */
export async function startFakeApi(): Promise<FakeApi> {
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
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // keep the raw text
      }
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: url.searchParams,
        body,
        headers: req.headers,
      };
      api.requests.push(request);
      const answer = api.respond(request);
      const send = () => {
        if (res.destroyed) return;
        if (answer.closeConnection) {
          req.socket.destroy();
          return;
        }
        res.statusCode = answer.status ?? 200;
        res.setHeader('Content-Type', 'application/json');
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      };
      const delayed = () => (answer.delayMs ? setTimeout(send, answer.delayMs) : send());
      if (answer.waitFor) void answer.waitFor.then(delayed);
      else delayed();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  apiClient.defaults.baseURL = baseURL;
  const api: FakeApi = {
    requests: [],
    respond: () => ({ status: 404, body: { status: 'fail', message: 'Not found' } }),
    requestsTo: (method, path) =>
      api.requests.filter((request) => request.method === method && request.path === path),
    baseURL,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}

/** A promise with its resolver, to hold a fake answer until the test releases it. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** The universities the fake API serves (a few real KE names). */
export const TEST_UNIVERSITIES = [
  { name: 'Jomo Kenyatta University of Agriculture and Technology', url: 'https://www.jkuat.ac.ke' },
  { name: 'Kenyatta University', url: 'https://www.ku.ac.ke' },
  { name: 'Moi University', url: 'https://www.mu.ac.ke' },
  { name: 'Strathmore University', url: 'https://strathmore.edu' },
  { name: 'University of Nairobi', url: 'https://www.uonbi.ac.ke' },
];

/** A user as the API sends it. */
export const TEST_USER = {
  _id: '5d1c6f1e-1111-4a6b-9c1d-000000000001',
  firstName: 'Wanjiru',
  lastName: 'Kamau',
  email: 'wanjiru@students.uonbi.ac.ke',
  whatsApp: '254712345678',
  photo: null,
  university: 'University of Nairobi',
  role: 'user',
};
