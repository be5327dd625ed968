/**
 * Server rendering of the site's pages (docs/product.md §23.1-23.4 and §23.6; ADR 0009), used by the static
 * site plugin for document requests when SERVER_RENDERING is on and the host's server build
 * (`host/dist/server/render.js`) exists.
 *
 * - Loads the host's server build once (CommonJS, built by rspack with module federation's Node
 *   runtime). Each request renders with the remote versions resolved for it (`remoteServing`:
 *   the current release, the visitor's canary or the checkout's build; ADR 0029): their `ssrEntry`
 *   (a relative URL is resolved against this server's own address; the checkout's build gets
 *   `?v=<its version>`) goes to the host's renderer, which loads each version's server code once
 *   per process and keeps a few (host/src/server/versioned-remotes.ts). The page's inline
 *   configuration is the same resolution, so the browser hydrates the version the server rendered.
 * - Counts a page view per remote version the page uses, and the server's own failures of those
 *   versions (telemetry, `remoteServing.telemetry`); `smokeRender` renders a release's pages for
 *   the release gate.
 * - Composes the document: the built `index.html` (its head, its deferred scripts handed to the
 *   boot script, which preloads them and runs them once the page has painted: boot-script.ts),
 *   the page's title, description, canonical URL and share tags (absolute URLs from
 *   PUBLIC_URL), the route's remote manifest, entry and page chunks for the boot script to preload
 *   (from the remote's `mf-manifest.json`; React
 *   itself adds a high-priority preload of the LCP image, the first eager card or the cover), `/remotes.json` and the route data inline as JSON (escaped for a script
 *   element), then the React HTML in `#root`; the whole document gets an ETag (a 304 for a
 *   current copy) and is brotli- or gzip-compressed by Accept-Encoding.
 */

import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { HostRenderer, RenderedPage as SharedRenderedPage } from '@campus/shared/server-page';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig, RemoteName } from '../../config.ts';
import type { ResolvedRemotes } from '../../remotes/resolution.ts';
import { BOOT_SCRIPT, type BootConfig, takeDeferredScripts } from './boot-script.ts';
import { serverApi } from './server-api.ts';
import { sendUnavailablePage } from './unavailable-page.ts';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A rendered page of the host's server build, piped to the page's answer stream. */
type RenderedPage = SharedRenderedPage<Writable>;

/** Entries of one remote in `/remotes.json`. */
export interface RemoteEntries {
  /** Browser entry: the remote's `mf-manifest.json` or `remoteEntry.js`. */
  entry: string;
  /** Node entry for server rendering, or null when the remote is rendered in the browser only. */
  ssrEntry: string | null;
}

/** Header of the release gate's smoke render requests and answers (ADR 0029). */
const SMOKE_HEADER = 'x-campus-smoke-render';
/** The document's product name suffix (shared/src/page-meta.ts `documentTitle`). */
const PRODUCT_NAME = 'Campus Soko';

/**
 * Escapes JSON for an inline `<script type="application/json">`: `<`, `>`, `&`, U+2028 and U+2029
 * become `\u` escapes, so no value can close the script element (`</script>`) or open a comment.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Escapes text for an HTML attribute value or text node. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** `value` made absolute against `base` (a PUBLIC_URL origin); absolute URLs stay as they are. */
function absoluteUrl(value: string, base: string): string {
  return new URL(value, `${base}/`).href;
}

/**
 * The built index.html split around `<div id="root"></div>`, with its head's title, description
 * and deferred scripts taken out (the boot script starts those: boot-script.ts).
 */
interface DocumentTemplate {
  head: string;
  /** The deferred scripts' URLs, in order: the host's start-up. */
  scripts: string[];
  bodyStart: string;
  bodyEnd: string;
  /** The site's description from index.html, for pages that set none of their own. */
  description: string | undefined;
}

function readTemplate(file: string): DocumentTemplate {
  const source = readFileSync(file, 'utf8');
  const description = /<meta name="description" content="([^"]*)"/.exec(source)?.[1];
  const html = source
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    // The inline configuration replaces the preload of /remotes.json.
    .replace(/<link rel="preload" href="\/remotes.json"[^>]*>/, '')
    // The server-rendered page needs no "needs JavaScript" line.
    .replace(/<noscript>[^<]*<\/noscript>/, '');
  const headEnd = html.indexOf('</head>');
  const root = html.indexOf('<div id="root"></div>');
  if (headEnd < 0 || root < 0) throw new Error(`${file} has no </head> or <div id="root"></div>`);
  // The page paints before its JavaScript runs (ADR 0024).
  const { head, scripts } = takeDeferredScripts(html.slice(0, headEnd));
  return {
    head,
    scripts,
    bodyStart: html.slice(headEnd, root),
    bodyEnd: html.slice(root + '<div id="root"></div>'.length),
    // Already escaped in the template: kept as written.
    description,
  };
}

/** What the server reads of a remote's browser `mf-manifest.json`. */
interface BrowserManifest {
  metaData?: { remoteEntry?: { name?: string } };
  /** `name` is the expose without its `./` (`ProductsPage` for `./ProductsPage`). */
  exposes?: { name: string; assets?: { js?: { sync?: string[] } } }[];
}

/**
 * JS files to preload for exposed modules, from the remote's browser manifest, as URLs under
 * `publicBase`: its `remoteEntry.js` (null when the manifest names none) and each module's
 * synchronous chunks. `modules` are expose names as the host's remote ids carry them
 * (`ProductsPage` of `catalog/ProductsPage`). No manifest (unreadable) gives nothing to preload:
 * the runtime then loads the files itself, one hop later.
 */
function manifestPreloads(
  manifest: BrowserManifest | null,
  publicBase: string,
  modules: string[],
): { entry: string | null; chunks: string[] } {
  const entry = manifest?.metaData?.remoteEntry?.name;
  const chunks = new Set<string>();
  for (const expose of manifest?.exposes ?? []) {
    if (!modules.includes(expose.name)) continue;
    for (const file of expose.assets?.js?.sync ?? []) chunks.add(`${publicBase}${file}`);
  }
  return { entry: entry ? `${publicBase}${entry}` : null, chunks: [...chunks] };
}

/**
 * Creates the page renderer, or returns null when the host's server build is missing (the site
 * then answers with the client-rendered index.html).
 */
export function createServerRenderer(app: FastifyInstance, config: AppConfig) {
  const hostDist = path.join(config.staticRoot, 'host', 'dist');
  const bundle = path.join(hostDist, 'server', 'render.js');
  try {
    statSync(bundle);
  } catch {
    app.log.warn({ bundle }, 'host server build not found: pages are rendered in the browser');
    return null;
  }
  const host = createRequire(import.meta.url)(bundle) as HostRenderer<Writable>;
  const template = readTemplate(path.join(hostDist, 'index.html'));
  /** Known only to this process: a smoke render's request cannot be made from outside. */
  const smokeSecret = randomBytes(16).toString('hex');
  const manifests = new Map<string, { mtimeMs: number; manifest: BrowserManifest }>();

  /**
   * A remote's browser manifest, parsed once per version of the file (a redeploy replaces it, with
   * a new mtime), or null when it cannot be read: every render needs it for its preloads.
   */
  const readManifest = (file: string): BrowserManifest | null => {
    try {
      const { mtimeMs } = statSync(file);
      const cached = manifests.get(file);
      if (cached?.mtimeMs === mtimeMs) return cached.manifest;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as BrowserManifest;
      manifests.set(file, { mtimeMs, manifest });
      return manifest;
    } catch {
      return null;
    }
  };

  /** Origin of this server, for relative server entries (e.g. the default /remotes/catalog/server/…). */
  const ownOrigin = (): string | null => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return null;
    const hostName =
      address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
    return `http://${hostName.includes(':') ? `[${hostName}]` : hostName}:${address.port}`;
  };

  /** Browser manifests of releases (immutable: fetched once per URL, a few kept). */
  const releaseManifests = new Map<string, Promise<BrowserManifest | null>>();
  const fetchManifest = (url: string): Promise<BrowserManifest | null> => {
    let manifest = releaseManifests.get(url);
    if (!manifest) {
      manifest = fetch(url, { signal: AbortSignal.timeout(2000) })
        .then((response) => (response.ok ? (response.json() as Promise<BrowserManifest>) : null))
        .catch(() => null);
      manifest.then((value) => {
        if (!value) releaseManifests.delete(url);
      });
      releaseManifests.set(url, manifest);
      if (releaseManifests.size > 16) releaseManifests.delete(releaseManifests.keys().next().value as string);
    }
    return manifest;
  };

  /** The server entries of the request's remote versions, as absolute URLs. */
  const serverEntries = (remotes: ResolvedRemotes) => {
    const origin = ownOrigin();
    const result: Record<string, { entry: string; version: string }> = {};
    for (const [name, remote] of Object.entries(remotes)) {
      if (!remote.ssrEntry) continue;
      if (!origin && !/^https?:/.test(remote.ssrEntry)) continue;
      const url = new URL(absoluteUrl(remote.ssrEntry, origin ?? ''));
      // The checkout's build keeps its URL across rebuilds: its version tells them apart.
      if (url.pathname.startsWith('/remotes/')) url.searchParams.set('v', remote.version);
      result[name] = { entry: url.href, version: remote.version };
    }
    return result;
  };

  /** Renders one page for `remotes` (shared by the page handler and the smoke render). */
  const render = (
    url: URL,
    api: ReturnType<typeof serverApi>,
    log: FastifyInstance['log'],
    remotes: ResolvedRemotes,
    headers: { 'save-data'?: string | string[]; cookie?: string | string[] },
  ) =>
    host.renderPage({
      url: url.href,
      api,
      log,
      headers,
      remotes: serverEntries(remotes),
    });

  /** Counts the page's views and the server's own failures per remote version (telemetry). */
  const countPage = (page: RenderedPage, remotes: ResolvedRemotes, route: string) => {
    const { telemetry } = app.remoteServing;
    const used = new Set(page.remoteModules.map((id) => id.split('/')[0] as RemoteName));
    const failed = new Set(page.failedRemoteModules.map((id) => id.split('/')[0] as RemoteName));
    const record = (promise: Promise<unknown>) =>
      promise.catch((error: unknown) => app.log.warn({ err: error }, 'counting remote health failed'));
    for (const remote of used) {
      const version = remotes[remote]?.version;
      // A developer's override is never run on the server and is nobody's release.
      if (!version || remotes[remote]?.ssrEntry === null) continue;
      void record(telemetry.recordView(remote, version));
      if (failed.has(remote)) {
        void record(telemetry.recordError({ remote, version, route, kind: 'load' }, 'server'));
      } else if (page.renderErrors.length > 0) {
        const message = page.renderErrors[0]?.slice(0, 200);
        void record(telemetry.recordError({ remote, version, route, kind: 'render', message }, 'server'));
      }
    }
  };

  /**
   * The release gate's smoke render (ADR 0029): requests every server-rendered route that loads a
   * module of `remote` through this app (`inject`: the whole page path, real data), rendered with
   * `version`'s server code — asked for by a header carrying a secret of this process, so no
   * visitor can choose a version. Routes with a parameter take an id found in the links of the
   * pages rendered before them (`/products` links to `/products/<id>`, a product to its seller …);
   * a route with no such link (an empty catalogue) is skipped. Fails on a page whose module did not
   * load, whose render threw (its part left to the browser, or the client-rendered page sent
   * instead) or that answered 5xx.
   */
  const smokeRender = async (
    remote: RemoteName,
    version: string,
  ): Promise<{ ok: boolean; failures: string[] }> => {
    const routes = (host.serverRoutes?.() ?? []).filter((route) =>
      route.remotes.some((id) => id.startsWith(`${remote}/`)),
    );
    const failures: string[] = [];
    const links = new Set<string>();
    const ordered = [...routes].sort((a, b) => a.path.split(':').length - b.path.split(':').length);
    for (const route of ordered) {
      let pathname = route.path;
      if (pathname.includes(':')) {
        const prefix = pathname.slice(0, pathname.indexOf(':'));
        const found = [...links].find(
          (link) => link.startsWith(prefix) && !link.slice(prefix.length).includes('/'),
        );
        if (!found) continue;
        pathname = found;
      }
      const response = await app.inject({
        method: 'GET',
        url: pathname,
        headers: { accept: 'text/html', [SMOKE_HEADER]: `${smokeSecret} ${remote} ${version}` },
      });
      for (const match of response.body.matchAll(/href="(\/[^"?#]+)"/g)) if (match[1]) links.add(match[1]);
      const reported = response.headers[SMOKE_HEADER];
      if (response.statusCode >= 500) failures.push(`${pathname}: answered ${response.statusCode}`);
      else if (typeof reported !== 'string') failures.push(`${pathname}: the server render failed`);
      else
        for (const problem of JSON.parse(decodeURIComponent(reported)) as string[])
          failures.push(`${pathname}: ${problem}`);
    }
    return { ok: failures.length === 0, failures };
  };

  /** The remote versions a smoke render asked for (its header), or null for a visitor's request. */
  const smokeTarget = (request: FastifyRequest): { remote: RemoteName; version: string } | null => {
    const header = request.headers[SMOKE_HEADER];
    if (typeof header !== 'string') return null;
    const [secret, remote, version] = header.split(' ');
    if (secret !== smokeSecret || !remote || !version) return null;
    return { remote: remote as RemoteName, version };
  };
  app.remoteServing.setSmokeRender(smokeRender);

  /** Renders `request`'s page into `reply` (status, headers, streamed document). */
  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const remotes = await app.remoteServing.resolve(request, reply);
    const smoke = smokeTarget(request);
    if (smoke) {
      const base = app.remoteServing.releaseBaseUrl(smoke.remote, smoke.version);
      remotes[smoke.remote] = {
        entry: `${base}mf-manifest.json`,
        ssrEntry: `${base}server/remoteEntry.js`,
        version: smoke.version,
      };
    }
    const url = new URL(request.url, config.publicUrl);
    const api = serverApi(app, reply);
    const page = await render(url, api, request.log, remotes, {
      'save-data': request.headers['save-data'],
      cookie: request.headers.cookie,
    });
    // The page's item could not be read (the database down): 503 and a readable page (ADR 0030).
    if (api.state.itemUnavailable && !smoke) return sendUnavailablePage(reply);
    if (smoke) {
      const problems = [...page.failedRemoteModules.map((id) => `${id} did not load`), ...page.renderErrors];
      reply.header(SMOKE_HEADER, encodeURIComponent(JSON.stringify(problems)));
    } else {
      countPage(page, remotes, url.pathname);
    }
    const canonical = `${config.publicUrl}${url.pathname}${url.search}`;
    const title = page.head.title ? `${page.head.title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
    // The page's own description, else the site's (index.html's, already escaped).
    const description = page.head.description ? escapeHtml(page.head.description) : template.description;
    const tags = [
      `<title>${escapeHtml(title)}</title>`,
      description ? `<meta name="description" content="${description}" />` : '',
      page.status === 200 ? `<link rel="canonical" href="${escapeHtml(canonical)}" />` : '',
      `<meta property="og:title" content="${escapeHtml(page.head.title || PRODUCT_NAME)}" />`,
      description ? `<meta property="og:description" content="${description}" />` : '',
      `<meta property="og:type" content="${escapeHtml(page.head.type ?? 'website')}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
    ];
    if (page.head.image) {
      const image = absoluteUrl(page.head.image, config.publicUrl);
      tags.push(
        `<meta property="og:image" content="${escapeHtml(image)}" />`,
        '<meta name="twitter:card" content="summary_large_image" />',
      );
    } else {
      tags.push('<meta name="twitter:card" content="summary" />');
    }
    // One short chain: the route's remote entry and page chunks start with the HTML (preloaded by
    // the boot script, so a reader without JavaScript downloads none of them).
    const preloads: BootConfig['preloads'] = [];
    const byRemote = new Map<string, string[]>();
    for (const id of page.remoteModules) {
      const [remote, module] = id.split('/') as [string, string];
      byRemote.set(remote, [...(byRemote.get(remote) ?? []), module]);
    }
    for (const [remote, modules] of byRemote) {
      const entry = remotes[remote as RemoteName]?.entry ?? '';
      if (!entry.startsWith('/remotes/') && !entry.startsWith('/releases/')) continue;
      const base = entry.slice(0, entry.lastIndexOf('/') + 1);
      const origin = ownOrigin();
      const manifest = entry.startsWith('/remotes/')
        ? readManifest(path.join(config.staticRoot, `mfe-${remote}`, 'dist', 'mf-manifest.json'))
        : origin && entry.endsWith('.json')
          ? await fetchManifest(`${origin}${entry}`)
          : null;
      // The runtime fetches the manifest with fetch() and loads the entry and chunks with classic
      // script tags (no crossorigin): preload them in exactly those modes, so each is fetched once.
      if (entry.endsWith('.json')) preloads.push({ href: entry, as: 'fetch', crossOrigin: 'anonymous' });
      // The entry first, at a script preload's default priority (the runtime needs it before any
      // chunk); the page chunks at the host scripts' low priority, behind the LCP photo.
      const files = manifestPreloads(manifest, base, modules);
      if (files.entry) preloads.push({ href: files.entry, as: 'script' });
      for (const chunk of files.chunks) preloads.push({ href: chunk, as: 'script', fetchPriority: 'low' });
    }
    tags.push(`<script id="remotes-config" type="application/json">${jsonForScript(remotes)}</script>`);
    const boot: BootConfig = { scripts: template.scripts, preloads };
    tags.push(
      `<script id="boot-config" type="application/json">${jsonForScript(boot)}</script>`,
      `<script>${BOOT_SCRIPT}</script>`,
    );

    reply
      .code(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      // The remote versions depend on the visitor's bucket and override cookies (ADR 0029).
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Accept-Encoding, Save-Data, Cookie');
    const head = page.saveData
      ? template.head.replace(/<html\b/, '<html data-save-data="on"')
      : template.head;
    // Everything is ready when renderPage resolves (readers without JS get the whole page), so
    // the document is assembled whole: it gets an ETag, and a return visit whose copy is still
    // current (the service worker's or the HTTP cache's revalidation) costs a 304, not the page.
    const reactHtml = await readAll(page);
    const document = Buffer.from(
      `${head}${tags.filter(Boolean).join('')}${page.styleTags(reactHtml)}${template.bodyStart}<div id="root" data-server-rendered="">${reactHtml}</div><script id="route-data" type="application/json">${jsonForScript(page.data)}</script>${template.bodyEnd}`,
    );
    const etag = `W/"${createHash('sha256').update(document).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    if (page.status === 200 && ifNoneMatch(request.headers['if-none-match'], etag)) {
      return reply.code(304).send();
    }
    const encoding = documentEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(document);
    reply.header('content-encoding', encoding);
    return reply.send(await compressDocument(document, encoding));
  }
  /**
   * True for the gate's own smoke render (its header carries this process's secret): it is
   * never shed by the render gate (ADR 0029, ADR 0030).
   */
  const isSmokeRender = (request: FastifyRequest): boolean => smokeTarget(request) !== null;
  return Object.assign(sendPage, { isSmokeRender });
}

/**
 * Brotli quality for documents: 5 compresses a 140 KB page of 20 cards to ~16 KB in ~2 ms (4:
 * 17.6 KB, 1.6 ms; 9: 15.9 KB, 16 ms; 11: 14.5 KB, 144 ms — measured on this machine).
 */
const DOCUMENT_BROTLI_QUALITY = 5;

/**
 * The encoding of a server-rendered document by the request's Accept-Encoding (brotli first, then
 * gzip; @fastify/accept-negotiator), or null for an uncompressed answer. The document is ~140 KB
 * of HTML for a page of 20 cards (most of it MUI's inline styles and the route data); compressed
 * it is ~16 KB (docs/product.md §23: our users pay for every kilobyte).
 */
export function documentEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  return acceptEncoding ? negotiate(acceptEncoding, ['br', 'gzip']) : null;
}

/** Compresses a whole document off the main thread (zlib's thread pool). */
function compressDocument(document: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotliCompress(document, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: DOCUMENT_BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: document.length,
        },
      })
    : gzip(document);
}

/** True when an If-None-Match header names `etag` (weak comparison, `*` included). */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** Reads what the renderer pipes into a string (UTF-8). */
function readAll(page: { pipe(destination: Writable): void }): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    sink.on('error', reject);
    page.pipe(sink);
  });
}
