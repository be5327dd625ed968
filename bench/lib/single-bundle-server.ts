/**
 * Serves the single-bundle build (bench/.work/single-bundle) the way the real server serves
 * `host/dist` — precompressed `.br`/`.gz`, the same Cache-Control rule (`cacheControlFor`), the
 * history fallback to index.html — and proxies `/api` and `/uploads` byte for byte to the composed
 * site (BENCH_UPSTREAM), so both variants show the same data. Own process, started by bench/web.ts
 * with `node --import tsx bench/lib/single-bundle-server.ts`; env BENCH_STATIC_DIR, BENCH_UPSTREAM,
 * HOST, PORT. SIGTERM closes it.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { cacheControlFor, NO_CACHE } from '../../api/src/plugins/app/static-site.ts';

const root = process.env.BENCH_STATIC_DIR ?? '';
const upstream = new URL(process.env.BENCH_UPSTREAM ?? 'http://127.0.0.1:8080');
if (!existsSync(`${root}/index.html`)) throw new Error(`no index.html in BENCH_STATIC_DIR '${root}'`);

const app = Fastify({ logger: false });
// Bodies are streamed to the upstream untouched.
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

await app.register(fastifyStatic, {
  root,
  prefix: '/',
  index: ['index.html'],
  preCompressed: true,
  cacheControl: false,
  dotfiles: 'ignore',
  setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
});

/** Forwards the request to the upstream and pipes its answer back unchanged (no re-encoding). */
function proxy(request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  const outgoing = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, host: upstream.host },
    },
    (answer) => {
      reply.raw.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(reply.raw);
    },
  );
  outgoing.on('error', (error) => {
    if (!reply.raw.headersSent) reply.raw.writeHead(502, { 'content-type': 'text/plain' });
    reply.raw.end(`proxy error: ${error.message}`);
  });
  request.raw.pipe(outgoing);
}

for (const prefix of ['/api/*', '/uploads/*']) app.all(prefix, proxy);

app.setNotFoundHandler((request, reply) => {
  const wantsHtml = (request.headers.accept ?? '').includes('text/html');
  if ((request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
    return reply.header('cache-control', NO_CACHE).sendFile('index.html');
  }
  return reply.code(404).send({ status: 'fail', message: 'Not found' });
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
