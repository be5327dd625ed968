/**
 * Cached answers are serialized once (docs/decisions/0044). A public cacheable GET route
 * (`config.publicCache`, `common/http.ts`) that answers `{status: "success", data}` with a `data`
 * from the response cache (`common/shared-answers.ts`: shared and never mutated) gets its JSON
 * body and its ETag computed the first time, by the route's own response serializer
 * (fast-json-stringify of its 200 schema) and @fastify/etag's own hash (SHA-1, base64, strong),
 * and kept beside the cached value (a WeakMap: dropped with the entry). Later requests for the
 * same entry send those bytes and that ETag; @fastify/etag then only compares If-None-Match
 * (304), compression and Cache-Control run as before. The bytes are the ones the route would
 * have serialized: the same value through the same serializer.
 *
 * Compressed once too: a request that @fastify/compress would answer compressed (an
 * Accept-Encoding of br or gzip, negotiated as it does; no `x-no-compression`; a body of
 * COMPRESS_THRESHOLD_BYTES or more; not a 304) gets the entry's brotli (quality 4, the plugin's)
 * or gzip bytes, made the first time, with `Content-Encoding` and `Vary: accept-encoding` set as
 * the plugin sets them (which then leaves the answer alone); the answer carries a Content-Length
 * instead of being chunked. Brotli of a 16 KB page costs ~0.5-1.4 ms, 10-20 × the rest of a cached
 * request.
 *
 * On the cached list mix serialization and hashing were ~35 % of a request's CPU (15-17 KB of
 * JSON per page). Route-level (`onRoute`): other routes get no hook.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest, preSerializationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { isShared } from '../../common/shared-answers.ts';
import { COMPRESS_THRESHOLD_BYTES } from '../external/compress.ts';

/** @fastify/etag's default ETag of `body` (strong, SHA-1 in base64, quoted). */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64')}"`;
}

interface Serialized {
  /** The route (URL pattern; its GET and HEAD share the schema) whose serializer made `body`. */
  route: string;
  body: string;
  /** `body`'s length in bytes (UTF-8). */
  bytes: number;
  etag: string;
  /** `body` compressed, per encoding, made when first asked for. */
  compressed: { br?: Buffer; gzip?: Buffer };
}

/** Brotli as @fastify/compress sets it for dynamic answers (quality 4). */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The encoding @fastify/compress would pick for this request (br, then gzip; `*` and `x-gzip`
 * read as gzip), or null for an uncompressed answer.
 */
export function answerEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return null;
  const encoding = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ['br', 'gzip']);
  return encoding === 'br' || encoding === 'gzip' ? encoding : null;
}

/** True when If-None-Match names `etag` as @fastify/etag compares them (it then answers 304). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return header !== undefined && (header === etag || header === `W/${etag}` || `W/${header}` === etag);
}

/** Sets the compressed answer's headers as @fastify/compress does (`Vary` kept and extended). */
function markCompressed(reply: FastifyReply, encoding: 'br' | 'gzip'): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else {
    const values = Array.isArray(vary) ? vary : [String(vary)];
    if (!values.some((value) => value.includes('accept-encoding'))) {
      reply.header('vary', values.concat('accept-encoding').join(', '));
    }
  }
  reply.header('content-encoding', encoding);
}

/** The `data` of a `{status: "success", data}` answer whose data is shared, else undefined. */
function sharedData(payload: unknown): object | undefined {
  if (payload === null || typeof payload !== 'object') return undefined;
  const answer = payload as { status?: unknown; data?: unknown };
  if (answer.status !== 'success' || !isShared(answer.data)) return undefined;
  for (const key in answer) if (key !== 'status' && key !== 'data') return undefined;
  return answer.data;
}

export default fp(
  async (app: FastifyInstance) => {
    const serialized = new WeakMap<object, Serialized>();
    const useSerialized: preSerializationHookHandler<unknown> = (request, reply, payload, done) => {
      const data = reply.statusCode === 200 ? sharedData(payload) : undefined;
      if (data === undefined) {
        done(null, payload);
        return;
      }
      const route = request.routeOptions.url ?? '';
      let entry = serialized.get(data);
      if (entry?.route !== route) {
        const serialize = reply.getSerializationFunction('200');
        if (typeof serialize !== 'function') {
          done(null, payload);
          return;
        }
        const body = serialize(payload as Record<string, unknown>);
        entry = { route, body, bytes: Buffer.byteLength(body), etag: etagOf(body), compressed: {} };
        serialized.set(data, entry);
      }
      reply.header('etag', entry.etag);
      const encoding = entry.bytes >= COMPRESS_THRESHOLD_BYTES ? answerEncoding(request) : null;
      if (encoding && !notModified(request, entry.etag)) {
        let compressed = entry.compressed[encoding];
        if (!compressed) {
          compressed =
            encoding === 'br'
              ? zlib.brotliCompressSync(entry.body, BROTLI_OPTIONS)
              : zlib.gzipSync(entry.body);
          entry.compressed[encoding] = compressed;
        }
        const bytes = compressed;
        markCompressed(reply, encoding);
        // Fastify sends a Buffer from a serializer as is (its types only say string).
        reply.serializer(() => bytes as unknown as string);
      } else {
        const { body } = entry;
        reply.serializer(() => body);
      }
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.publicCache !== true) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.every((method) => method === 'GET' || method === 'HEAD')) return;
      const hooks = route.preSerialization;
      route.preSerialization = [...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : []), useSerialized];
    });
  },
  { name: 'serialized-answers' },
);
