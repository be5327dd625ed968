/**
 * Entry of the host's server build (`host/dist/server/render.js`, rspack target async-node; issue
 * 16 items 1-3; ADR 0009). The API's server loads it at start and calls {@link renderPage} for
 * every page request; the document around the HTML (head, scripts) is the API's job
 * (`api/src/plugins/app/server-rendering.ts`).
 *
 * Per request: match the route table (the browser's own `routes.tsx`), load the route's exposed
 * remote modules through module federation's Node runtime (each with its own timeout), run their
 * `loadServerData` exports and the host's loaders with the API's services in-process, then render
 * with React's `renderToPipeableStream` inside a per-request emotion cache, a static router on the
 * request URL and the guest session. The styles the HTML uses go to the document's head as a few
 * `<style data-emotion>` tags (`styleTags`, @emotion/server's critical-CSS extraction) instead
 * of 70 small ones in the middle of the HTML: each of those made the phone's browser recompute
 * the style of the page while it parsed (docs/product.md §23). A remote that cannot be
 * loaded, hangs or throws is rendered by the browser instead (its Suspense fallback is sent).
 */
import type { Writable } from 'node:stream';
import { matchRoutes, StaticRouter } from '@campus/react-router-impl';
import {
  DataSaverServerContext,
  type PageHead,
  type PageMetaCollector,
  PageMetaCollectorProvider,
  type PreloadedData,
  type RenderOptions,
  type ServerData,
  type RenderedPage as SharedRenderedPage,
  saveDataRequested,
} from '@campus/shared';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { renderToPipeableStream } from 'react-dom/server';
import { App } from '../App';
import { NOT_FOUND_PRELOAD_KEY } from '../layout/Layout';
import {
  type RemoteModule,
  type ServerRemoteModules,
  ServerRemoteModulesContext,
} from '../remotes/server-modules';
import { type RouteServerHandle, routes } from '../routes';
import { SiteRoutes } from '../SiteRoutes';
import { addCompositionLayers } from './composition-styles';
import { createServerEmotionCache } from './emotion-cache';
import { forgetRemoteVersion, type RemoteVersion, registerRemoteVersion } from './versioned-remotes';

/** A rendered page whose HTML is piped to a Node stream. */
type RenderedPage = SharedRenderedPage<Writable>;

const DEFAULT_REMOTE_TIMEOUT_MS = 2000;
const DEFAULT_DATA_TIMEOUT_MS = 3000;
const DEFAULT_RENDER_TIMEOUT_MS = 5000;
/** After a remote failed, the server renders without it for this long before trying again (ms). */
const RETRY_FAILED_REMOTE_AFTER_MS = 10_000;

/** Rejects after `ms` with `message` unless `promise` settles first. */
function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Server entry URL per remote given by {@link configureRemotes} (the default version), and when a version last failed. */
const entries = new Map<string, string>();
const failedAt = new Map<string, number>();

/**
 * Sets the default server entry of each remote: `{ name, entry }` with `entry` the absolute URL
 * of the remote's Node `remoteEntry.js`, used when a render names no version of that remote.
 * Each distinct entry URL is a version of its own, loaded once (`versioned-remotes.ts`), so a
 * changed entry (a new `?v=` deploy stamp) needs no re-registration with `force`.
 */
export function configureRemotes(remotes: { name: string; entry: string }[]): void {
  for (const remote of remotes) entries.set(remote.name, remote.entry);
}

/** Loads one exposed module of one version with the timeout; a recently failed version is skipped at once. */
async function loadRemoteModule(id: string, target: RemoteVersion, timeoutMs: number): Promise<RemoteModule> {
  const [remote = id, expose = ''] = id.split('/');
  const failureKey = `${remote} ${target.entry}`;
  const lastFailure = failedAt.get(failureKey);
  if (lastFailure !== undefined) {
    if (Date.now() - lastFailure < RETRY_FAILED_REMOTE_AFTER_MS) {
      throw new Error(`Remote ${remote} ${target.version} failed recently; rendered by the browser`);
    }
    // Forget the failed (or still hanging) load and try the version afresh.
    failedAt.delete(failureKey);
    forgetRemoteVersion(remote, target.entry);
  }
  const name = registerRemoteVersion(remote, target);
  try {
    const module = await withTimeout(
      loadRemote<RemoteModule>(`${name}/${expose}`),
      timeoutMs,
      `Remote module ${id} (${target.version}) did not load within ${timeoutMs} ms`,
    );
    if (!module || typeof module.default !== 'function') {
      throw new Error(`Remote module ${id} has no default component`);
    }
    return module;
  } catch (error) {
    failedAt.set(failureKey, Date.now());
    throw error;
  }
}

/** The version of `remote` to render with: the request's, else the configured default. */
function remoteVersionFor(remote: string, options: RenderOptions): RemoteVersion | null {
  const given = options.remotes?.[remote];
  if (given) return given;
  const entry = entries.get(remote);
  return entry ? { entry, version: 'configured' } : null;
}

/**
 * The route table's paths that the server renders with remote modules, and those modules
 * (`handle.remotes`), e.g. `{ path: '/products/:productId', remotes: ['catalog/ProductDetailPage'] }`:
 * the release gate's smoke render walks them (ADR 0029).
 */
export function serverRoutes(): { path: string; remotes: string[] }[] {
  const found: { path: string; remotes: string[] }[] = [];
  const walk = (items: typeof routes) => {
    for (const route of items) {
      const remotes = (route.handle as RouteServerHandle | undefined)?.remotes ?? [];
      if (route.path?.startsWith('/') && remotes.length > 0) found.push({ path: route.path, remotes });
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return found;
}

function routeHandle(pathname: string): {
  handle: RouteServerHandle;
  params: Record<string, string | undefined>;
  notFoundRoute: boolean;
} {
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches[matches.length - 1];
  return {
    handle: (leaf?.route.handle as RouteServerHandle | undefined) ?? {},
    params: leaf?.params ?? {},
    notFoundRoute: !leaf || leaf.route.path === '*',
  };
}

/**
 * Renders the page at `options.url` (see the module comment). Resolves once everything is ready
 * (remotes loaded or given up, data loaded, all Suspense boundaries resolved), so readers without
 * JavaScript get the whole page; rejects only when the shell itself cannot render.
 */
export async function renderPage(options: RenderOptions): Promise<RenderedPage> {
  const url = new URL(options.url);
  const { log, api } = options;
  const { handle, params, notFoundRoute } = routeHandle(url.pathname);
  const remoteIds = handle.remotes ?? [];

  const modules: ServerRemoteModules = new Map();
  await Promise.all(
    remoteIds.map(async (id) => {
      try {
        const remote = id.split('/')[0] ?? id;
        const target = remoteVersionFor(remote, options);
        if (!target) throw new Error(`Remote ${remote} has no server entry`);
        modules.set(
          id,
          await loadRemoteModule(id, target, options.remoteTimeoutMs ?? DEFAULT_REMOTE_TIMEOUT_MS),
        );
      } catch (error) {
        log.warn({ err: error, module: id }, 'remote server code unavailable; the browser renders this part');
        modules.set(id, error instanceof Error ? error : new Error(String(error)));
      }
    }),
  );

  const loaders = [
    ...remoteIds.map((id) => {
      const module = modules.get(id);
      return module && !(module instanceof Error) ? module.loadServerData : undefined;
    }),
    handle.loadServerData,
  ].filter((loader): loader is (context: unknown) => Promise<ServerData> => typeof loader === 'function');
  const context = { params, searchParams: url.searchParams, api };
  const results = await Promise.all(
    loaders.map((loader) =>
      withTimeout(
        loader(context),
        options.dataTimeoutMs ?? DEFAULT_DATA_TIMEOUT_MS,
        'route data timed out',
      ).catch((error: unknown) => {
        log.error({ err: error, url: url.pathname }, 'route data failed on the server; the browser loads it');
        return null;
      }),
    ),
  );
  const data: PreloadedData = {};
  let loaderHead: PageHead | undefined;
  let notFound = notFoundRoute;
  for (const result of results) {
    if (!result) continue;
    Object.assign(data, result.data);
    loaderHead ??= result.head;
    if (result.notFound) notFound = true;
  }
  if (notFound && !notFoundRoute) data[NOT_FOUND_PRELOAD_KEY] = true;

  const meta: PageMetaCollector = {};
  const saveData = saveDataRequested(options.headers ?? {});
  const cache = createServerEmotionCache();
  // Sets the cache's `compat` flag: styles are collected, not written inline into the HTML.
  const emotionServer = createEmotionServer(cache);
  const tree = (
    <CacheProvider value={cache}>
      <DataSaverServerContext value={saveData}>
        <PageMetaCollectorProvider collector={meta}>
          <ServerRemoteModulesContext.Provider value={modules}>
            <App data={data}>
              <StaticRouter location={url.pathname + url.search}>
                <SiteRoutes />
              </StaticRouter>
            </App>
          </ServerRemoteModulesContext.Provider>
        </PageMetaCollectorProvider>
      </DataSaverServerContext>
    </CacheProvider>
  );

  const renderErrors: string[] = [];
  return new Promise<RenderedPage>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stream = renderToPipeableStream(tree, {
      // Finished content is never moved out of place into hidden chunks (readers without JS).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        clearTimeout(timer);
        resolve({
          status: notFound ? 404 : 200,
          head: {
            ...loaderHead,
            title: meta.title ?? loaderHead?.title ?? '',
            description: meta.description ?? loaderHead?.description,
          },
          data,
          remoteModules: remoteIds,
          failedRemoteModules: remoteIds.filter((id) => modules.get(id) instanceof Error),
          renderErrors,
          saveData,
          pipe: (destination) => stream.pipe(destination),
          styleTags: (html) => {
            const chunks = emotionServer.extractCriticalToChunks(html);
            addCompositionLayers(cache, chunks);
            return emotionServer.constructStyleTagsFromChunks(chunks);
          },
        });
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        // Expected for a remote that failed above (its part is client-rendered); anything else is a bug.
        const failedToLoad = [...modules.values()].some((module) => module === error);
        if (!failedToLoad) renderErrors.push(error instanceof Error ? error.message : String(error));
        log.warn({ err: error, url: url.pathname }, 'part of the page is left to the browser');
      },
    });
    timer = setTimeout(
      () => stream.abort(new Error('server rendering timed out')),
      options.renderTimeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS,
    );
  });
}
