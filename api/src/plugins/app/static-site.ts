/**
 * Production serving of the built front end (ARCHITECTURE "Runtime contract": one process
 * serves the site at /, the remotes at /remotes/<name>/ and /remotes.json):
 *
 * - `STATIC_ROOT/host/dist` at `/`, with a history fallback: a GET/HEAD document request (Accept
 *   names text/html or any type, as link unfurlers send `Accept: *` + `/*`; not under /api, /remotes or
 *   /uploads) gets the page rendered on the server (docs/product.md §23, `server-rendering.ts`), or
 *   index.html when SERVER_RENDERING is off, the host's server build is missing or rendering
 *   fails (client-side routes, deep links);
 * - `STATIC_ROOT/mfe-<name>/dist` at `/remotes/<name>/` (with `Access-Control-Allow-Origin: *`
 *   and a cross-origin resource policy, so a host on another origin can load them);
 * - `GET /remotes.json` → `{ <name>: { entry, ssrEntry, version } }`, resolved per request from
 *   the release registry, the visitor's canary bucket and REMOTE_*_URL / REMOTE_*_SSR_URL
 *   (`remoteServing.resolve`, ADR 0029), read by the host at run time (and inlined into
 *   server-rendered pages); `private, no-cache` and `Vary: Cookie` (it depends on the cookies).
 *
 * Caching: names with a content hash (`main.3f9a1c2b.js`, `styles-0a1b2c3d4e.css`) are cached
 * for a year as immutable; index.html, remotes.json, mf-manifest.json, remoteEntry.js and other
 * unhashed files are `no-cache` (revalidated by ETag / Last-Modified every time).
 * Precompressed `.br` / `.gz` siblings are served when the client accepts them.
 *
 * A missing dist folder does not stop the server: it logs a warning and answers 503 with a
 * message asking to run `npm run build`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppConfig, REMOTE_NAMES } from '../../config.ts';
import { HttpError, routeNotFound } from '../../errors.ts';
import { RENDER_FALLBACK_HEADER, RENDER_FALLBACK_OVERLOAD } from './load-shedding.ts';
import { createServerRenderer } from './server-rendering.ts';
import { IMMUTABLE_CACHE_CONTROL } from './uploads.ts';

export const NO_CACHE = 'no-cache';
export const NOT_BUILT_MESSAGE =
  'The web app is not built yet: run `npm run build`, then restart the server.';

/** A content hash in a file name: '.' or '-', 8+ hex digits, then the extension(s). */
const HASHED_NAME = /[.-][0-9a-f]{8,}(\.[a-z0-9]+)+$/i;

/** Cache-Control for a built file, by its name (see the module comment). */
export function cacheControlFor(filePath: string): string {
  return HASHED_NAME.test(path.basename(filePath)) ? IMMUTABLE_CACHE_CONTROL : NO_CACHE;
}

/** Path prefixes never answered with index.html. */
const NO_FALLBACK = /^\/(api|remotes|uploads)(\/|$)/;

/**
 * True when the history fallback (a page) should answer this unmatched request: a GET/HEAD
 * outside /api, /remotes and /uploads whose Accept names HTML, or any type (`*` + `/*`, or no Accept:
 * link unfurlers such as WhatsApp's) for a path without a file extension.
 */
export function wantsHistoryFallback(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (NO_FALLBACK.test(request.url)) return false;
  const accept = request.headers.accept ?? '*/*';
  if (accept.includes('text/html')) return true;
  // Any type: a page path (no file extension), never a missing script, style or image.
  const lastSegment = request.url.split('?')[0]?.split('/').pop() ?? '';
  return (accept.includes('*/*') || accept.includes('text/*')) && !lastSegment.includes('.');
}

function notBuilt(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .send({ status: 'error', message: NOT_BUILT_MESSAGE });
}

export default fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    const hostDist = path.join(config.staticRoot, 'host', 'dist');
    const hostBuilt = existsSync(path.join(hostDist, 'index.html'));
    if (hostBuilt) {
      await app.register(fastifyStatic, {
        root: hostDist,
        prefix: '/',
        // `/` is a page like any other (server-rendered by the fallback below).
        index: false,
        preCompressed: true,
        cacheControl: false,
        dotfiles: 'ignore',
        setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
      });
    } else {
      app.log.warn({ hostDist }, `host build not found: ${NOT_BUILT_MESSAGE}`);
      app.get('/', { schema: { hide: true } }, notBuilt);
    }

    for (const name of REMOTE_NAMES) {
      const dist = path.join(config.staticRoot, `mfe-${name}`, 'dist');
      const prefix = `/remotes/${name}/`;
      if (existsSync(dist)) {
        await app.register(fastifyStatic, {
          root: dist,
          prefix,
          decorateReply: false,
          index: false,
          preCompressed: true,
          cacheControl: false,
          dotfiles: 'ignore',
          setHeaders: (reply, filePath) => {
            reply.header('cache-control', cacheControlFor(filePath));
            reply.header('access-control-allow-origin', '*');
            reply.header('cross-origin-resource-policy', 'cross-origin');
          },
        });
      } else {
        app.log.warn({ dist }, `remote '${name}' build not found: ${NOT_BUILT_MESSAGE}`);
        app.get(`${prefix}*`, { schema: { hide: true } }, notBuilt);
      }
    }

    app.get(
      '/remotes.json',
      {
        schema: {
          tags: ['site'],
          summary:
            "Entry URLs and version of each module federation remote for this visitor: the current release, the visitor's canary (bucket cookie), or the checkout's build; browser entry and Node entry for server rendering (null = browser only); REMOTE_*_URL / REMOTE_*_SSR_URL win",
          response: {
            200: {
              type: 'object',
              required: [...REMOTE_NAMES],
              properties: Object.fromEntries(
                REMOTE_NAMES.map((name) => [
                  name,
                  {
                    type: 'object',
                    required: ['entry', 'ssrEntry', 'version'],
                    properties: {
                      entry: { type: 'string' },
                      ssrEntry: { type: ['string', 'null'] },
                      version: { type: 'string' },
                    },
                  },
                ]),
              ),
            },
          },
        },
      },
      async (request, reply) => {
        const remotes = await app.remoteServing.resolve(request, reply);
        reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie');
        return remotes;
      },
    );

    const renderPage = hostBuilt && config.serverRendering ? createServerRenderer(app, config) : null;
    const sendIndex = (reply: FastifyReply) =>
      reply.header('cache-control', NO_CACHE).sendFile('index.html', hostDist);

    const sendSitePage = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!wantsHistoryFallback(request)) return routeNotFound(request, reply);
      if (!hostBuilt) return notBuilt(request, reply);
      // The visitor's bucket and overrides (cookies, CSP) also for the client-rendered page (ADR 0029).
      if (!renderPage) return app.remoteServing.resolve(request, reply).then(() => sendIndex(reply));
      // Overload (ADR 0030): no room for another server render, the client-rendered page. The
      // release gate's own smoke render is never shed (ADR 0029).
      const release = renderPage.isSmokeRender(request) ? () => {} : app.renderGate.enter();
      if (!release) {
        await app.remoteServing.resolve(request, reply);
        return sendIndex(reply.header(RENDER_FALLBACK_HEADER, RENDER_FALLBACK_OVERLOAD));
      }
      try {
        return await renderPage(request, reply);
      } catch (error) {
        // A bad request (e.g. an invalid ?remoteOverride=) is answered as such.
        if (error instanceof HttpError && error.statusCode < 500) throw error;
        // The page still works: the browser renders it from index.html.
        request.log.error({ err: error }, 'server rendering failed; sending the client-rendered page');
        return sendIndex(reply);
      } finally {
        release();
      }
    };
    if (hostBuilt) app.get('/', { schema: { hide: true } }, sendSitePage);
    app.setNotFoundHandler(sendSitePage);
  },
  { name: 'static-site' },
);
