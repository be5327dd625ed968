/**
 * Run-time registry of the remotes. The host never imports a remote at build time: it reads
 * `/remotes.json` (`{ "catalog": { "entry": "<URL>", "ssrEntry": "<URL of the Node build>" }, … }`
 * — or the older `{ "catalog": "<entry URL>" }` — entry = the remote's `mf-manifest.json` or
 * `remoteEntry.js`; a server-rendered page carries it inline, docs/product.md §23.4) and registers
 * those entries with the module
 * federation runtime before the router is created (docs/stack-notes.md "Runtime remotes": a router created earlier starts
 * the first lazy route before the remotes exist, RUNTIME-004).
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { yieldToMain } from '../startup/yield-to-main';

/** Remote name → browser entry URL. */
export type RemotesConfig = Record<string, string>;

/** `/remotes.json` as served: per remote its entry URL, or `{ entry, ssrEntry, version }`. */
export type RemotesJson = Record<
  string,
  string | { entry: string; ssrEntry?: string | null; version?: string }
>;

const entries: RemotesConfig = {};
/** Version of each registered remote (from `/remotes.json`), for error reports (ADR 0029). */
const versions = new Map<string, string>();

/** Where the browser reports remote failures (ADR 0029). */
export const REMOTE_ERRORS_URL = '/api/v1/telemetry/remote-errors';

/** The version of `remote` this page loaded, or 'unknown'. */
export function remoteVersion(remote: string): string {
  return versions.get(remote) ?? 'unknown';
}

/**
 * Reports a remote's load or render failure with its version, so a failing canary is rolled back
 * by the server (ADR 0029). Fire and forget (`keepalive`: it survives a navigation); never throws.
 */
export function reportRemoteError(remote: string, kind: 'load' | 'render', message?: string): void {
  const version = versions.get(remote);
  if (!version || typeof fetch !== 'function') return;
  try {
    void fetch(REMOTE_ERRORS_URL, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        remote,
        version,
        route: window.location.pathname.slice(0, 200) || '/',
        kind,
        ...(message ? { message: message.slice(0, 500) } : {}),
      }),
    }).catch(() => {});
  } catch {
    // reporting must never break the page
  }
}

/**
 * Module federation runtime plugin: reports a remote that fails to load (`errorLoadRemote`), with
 * its version, then lets the failure go on to the error boundary.
 */
export const reportLoadErrors = {
  name: 'campus-report-load-errors',
  errorLoadRemote({ id, error }: { id: string; error: unknown }) {
    const remote = id.split('/')[0] ?? id;
    reportRemoteError(remote, 'load', error instanceof Error ? error.message : String(error));
    return undefined;
  },
};
const generation = new Map<string, number>();

/**
 * Module federation runtime plugin: after 'Try again', a remote's entry script is asked for with
 * `?retry=<generation>`. A server-rendered page preloads the entry (`<link rel="preload">`); when
 * that preload failed (the remote was down), Chromium answers the next `<script>` for the same URL
 * from the failed preload, without asking the network, and the retry could never succeed.
 */
export const retryScripts = {
  name: 'campus-retry-scripts',
  createScript({ url, remoteInfo }: { url: string; remoteInfo?: { name: string } }) {
    const attempt = remoteInfo ? remoteGeneration(remoteInfo.name) : 0;
    if (attempt === 0) return undefined;
    const script = document.createElement('script');
    script.src = `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;
    return script;
  },
};

/**
 * Module federation runtime plugin: the steps that follow a remote entry's `load` event (init the
 * remote's container with the shared scope, then get the exposed module) each start in a task of
 * their own. Without it the runtime runs them as one chain of microtasks inside the `load` event:
 * one task of 2-13 ms in plain traces and 11-14 ms in Lighthouse's on a cold page, which
 * Lighthouse counts at the calibrated CPU slowdown (docs/product.md §23, "no task runs past 50 ms"; ADR
 * 0017). Each hook only waits ({@link yieldToMain}) and changes nothing; `beforeInitContainer`
 * and `initContainer` are waterfall hooks, so they hand their argument on.
 */
export const yieldingRemoteLoads = {
  name: 'campus-yielding-remote-loads',
  beforeInitContainer: yieldThenPassOn,
  initContainer: yieldThenPassOn,
  beforeGetExpose: yieldThenPassOn,
};

/** Resolves to `args`, unchanged, in a later task ({@link yieldToMain}). */
async function yieldThenPassOn<T>(args: T): Promise<T> {
  await yieldToMain();
  return args;
}

/**
 * Adds {@link retryScripts} and {@link yieldingRemoteLoads} to the browser's federation runtime
 * (host/src/index.ts, at start).
 */
export function installRuntimePlugins(): void {
  registerPlugins([retryScripts, yieldingRemoteLoads, reportLoadErrors]);
}

/** The browser entries of a `/remotes.json` document. */
export function browserEntries(json: RemotesJson): RemotesConfig {
  return Object.fromEntries(
    Object.entries(json).map(([name, value]) => [name, typeof value === 'string' ? value : value.entry]),
  );
}

/** Registers the remotes of a `/remotes.json` document (inline in a server-rendered page). */
export function registerRemotesConfig(json: RemotesJson): RemotesConfig {
  const config = browserEntries(json);
  for (const [name, value] of Object.entries(json)) {
    if (typeof value !== 'string' && value.version) versions.set(name, value.version);
  }
  Object.assign(entries, config);
  registerRemotes(Object.entries(config).map(([name, entry]) => ({ name, entry })));
  return config;
}

/**
 * Fetches `/remotes.json` (revalidated on every load) and registers every remote. Resolves to the config; a failed
 * fetch resolves to {} (the pages that need a remote then show the outage message, the shell
 * keeps working).
 */
export async function registerRemotesFromConfig(
  url = '/remotes.json',
  init?: RequestInit,
): Promise<RemotesConfig> {
  try {
    // Default cache mode so the <link rel=preload> in index.html is reused; the server sends
    // `Cache-Control: no-cache`, so a changed file is always seen.
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return registerRemotesConfig((await response.json()) as RemotesJson);
  } catch (error) {
    console.error('Could not load the remotes configuration', error);
    return {};
  }
}

/** Current load generation of a remote; bumped by {@link retryRemote}. */
export function remoteGeneration(remote: string): number {
  return generation.get(remote) ?? 0;
}

/**
 * Forgets a remote's failed load so the next render fetches it again ('Try again'): re-reads
 * `/remotes.json` when the remote was never registered, else re-registers it with `force`.
 */
export async function retryRemote(remote: string): Promise<void> {
  generation.set(remote, remoteGeneration(remote) + 1);
  if (!entries[remote]) {
    await registerRemotesFromConfig();
    return;
  }
  // The release may have changed since the page loaded (a rollback of a failing canary).
  try {
    const response = await fetch('/remotes.json', { cache: 'no-cache' });
    if (response.ok) {
      const json = (await response.json()) as RemotesJson;
      const latest = json[remote];
      if (latest) {
        entries[remote] = typeof latest === 'string' ? latest : latest.entry;
        if (typeof latest !== 'string' && latest.version) versions.set(remote, latest.version);
      }
    }
  } catch {
    // offline: retry the known entry
  }
  registerRemotes([{ name: remote, entry: entries[remote] }], { force: true });
}

/**
 * Loads an exposed module such as 'catalog/ProductsPage' and returns its default export.
 * The module's code runs in a task of its own, after the task that evaluated its last chunk
 * (`loadFactory: false`, then `yieldToMain()`): together they made one 10-14 ms task on a cold
 * page, which Lighthouse counts at the calibrated CPU slowdown (docs/product.md §23; ADR 0017).
 * Throws when the remote is unreachable or does not expose a component.
 */
export async function loadRemoteComponent<P>(id: string): Promise<{ default: React.ComponentType<P> }> {
  type ExposedModule = { default?: React.ComponentType<P> };
  const factory = await loadRemote<() => ExposedModule | Promise<ExposedModule>>(id, {
    loadFactory: false,
    from: 'runtime',
  });
  const module = typeof factory === 'function' ? await yieldToMain().then(factory) : undefined;
  if (!module?.default) throw new Error(`Remote module ${id} could not be loaded`);
  return { default: module.default };
}

/**
 * A signed-in admin's developer override (ADR 0029): sessions are bearer tokens in the page's
 * storage, never sent with a document request, so when the URL has `?remoteOverride=` or the
 * override cookie is set, and a session token is stored, `/remotes.json` is asked for with the
 * token (and the URL's override, which the server keeps in its cookie). Null otherwise (the
 * inline configuration, or the plain `/remotes.json`, already has what the server allows).
 */
export function adminOverrideRequest(
  search: string,
  cookie: string,
  token: string | null,
): { url: string; init: RequestInit } | null {
  if (!token) return null;
  const param = new URLSearchParams(search).get('remoteOverride');
  const hasCookie = cookie.split(';').some((part) => part.trim().startsWith('soko_remote_override='));
  if (param === null && !hasCookie) return null;
  return {
    url: param === null ? '/remotes.json' : `/remotes.json?remoteOverride=${encodeURIComponent(param)}`,
    init: { headers: { authorization: `Bearer ${token}` }, cache: 'no-cache' },
  };
}
