/**
 * Test helper: a real HTTP server on 127.0.0.1 standing in for the API (the pattern of
 * shared/src/api-client.test.ts: jsdom's XHR makes real requests, so the page's axios client,
 * interceptors and error handling run as in the browser). Points `apiClient` at it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiClient } from '@campus/shared';

/** A request the server received (after the CORS preflight). */
export interface SeenRequest {
  method: string;
  /** Path and query, e.g. '/api/v1/feedback'. */
  url: string;
  body: unknown;
  /** The Authorization header, if any. */
  authorization?: string;
}

/** What to answer: a status and a JSON body. */
export interface Answer {
  status: number;
  body?: unknown;
}

export type Handler = (request: SeenRequest) => Answer | Promise<Answer>;

export interface ApiServer {
  requests: SeenRequest[];
  /** Replaces the handler (per test). */
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

/** Starts the server and sets `apiClient.defaults.baseURL` to its `/api/v1`. */
export async function startApiServer(initial: Handler): Promise<ApiServer> {
  let handler = initial;
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        body: text ? JSON.parse(text) : undefined,
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      };
      requests.push(seen);
      const answer = await handler(seen);
      res.statusCode = answer.status;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiClient.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return {
    requests,
    setHandler: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
