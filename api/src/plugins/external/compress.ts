/**
 * Response compression (@fastify/compress; docs/product.md §23: our users pay for every kilobyte): brotli
 * (quality 4, the library's default for dynamic answers) or gzip, by the request's
 * Accept-Encoding, for compressible answers of 1 KB or more (API JSON, the OpenAPI document,
 * static files that have no precompressed `.br`/`.gz` sibling). Registered before the routes: its
 * hook is added to each route and runs after the scope hooks, so the API's ETag (routes.ts) is
 * computed on the uncompressed JSON and a matching If-None-Match still gets a 304. Answers that
 * already carry a Content-Encoding (precompressed bundles) and images pass through untouched.
 * Server-rendered documents come from the not-found handler, which route hooks do not reach: they
 * are compressed in the stream by `plugins/app/server-rendering.ts`.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smallest answer worth compressing (bytes): below it the headers cost more than they save. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export default fp(
  async function compressPlugin(app: FastifyInstance) {
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
      // Request bodies are never compressed by our clients: leave them alone.
      globalDecompression: false,
    });
  },
  { name: 'compress' },
);
