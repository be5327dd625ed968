/**
 * Server rendering with several versions of one remote in one process (docs/decisions/
 * 0029-remote-releases.md, "Serving"; ADR 0009 for the Node builds).
 *
 * Every version of a remote's Node build (one `remoteEntry.js` URL per version) is registered
 * with the host's federation runtime under a name of its own (`catalog__<hash of the URL>`), so
 * the current release and a canary render side by side, and a promote needs no re-registration
 * with `force` (which leaks ~0.2 MB per reload, module-federation/core #5031). Each version's code
 * is fetched and evaluated ONCE per process and reused by every render; at most
 * {@link MAX_LOADED_VERSIONS} versions per remote stay loaded (least recently used dropped), so
 * memory stays bounded however many switches happen.
 *
 * Two things of module federation's Node runtime assume one version per remote name, and the
 * loader below (a runtime plugin's `loadEntry` hook) takes care of both:
 * - a remote entry creates (or reuses, by its build id `catalog:1.0.0`) the remote's own
 *   federation instance while it is evaluated: the loader hides the other versions' instances
 *   for that synchronous evaluation, so each version gets its own (with its own chunk loader);
 * - the Node build has no public path (`publicPath: 'auto'` cannot be known in Node), so its chunk
 *   loader looks for "the" entry URL of the remote name among all instances and may pick another
 *   version's folder: the loader sets the version's public path (the folder of its entry) before
 *   the entry starts.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { getInstance } from '@module-federation/enhanced/runtime';

/** Loaded versions kept per remote (current, previous, canary and a spare). */
export const MAX_LOADED_VERSIONS = 4;
/** ms a remote entry may take to download. */
const ENTRY_FETCH_TIMEOUT_MS = 5000;

/** The remote's server entry of one version, as the API resolves it for a request. */
export interface RemoteVersion {
  /** Absolute URL of the version's Node `remoteEntry.js`. */
  entry: string;
  /** Version id (for logs and metrics). */
  version: string;
}

interface LoadedVersion {
  remote: string;
  /** Name registered with the host's runtime. */
  registeredName: string;
  entry: string;
  version: string;
  lastUsed: number;
  /** The remote's own federation instance created by its entry (removed on eviction). */
  remoteInstance: unknown;
}

type FederationGlobal = {
  __FEDERATION__: {
    __INSTANCES__: { name?: string; options?: { id?: string; name?: string } }[];
  };
  __GLOBAL_LOADING_REMOTE_ENTRY__?: Record<string, unknown>;
};

const byName = new Map<string, LoadedVersion>();
let useCounter = 0;
let pluginInstalled = false;

/** Short stable hash of a string (FNV-1a, base 36). */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** Name under which a version's entry is registered (`<remote>__<hash of its entry URL>`). */
export function registeredNameOf(remote: string, entry: string): string {
  return `${remote}__${hashOf(entry)}`;
}

/** The rspack statement that starts a bundle; the public path is set just before it. */
const STARTUP = 'var __webpack_exports__ = __webpack_require__.x();';

/**
 * Fetches and evaluates one version's Node `remoteEntry.js` and returns its container (see the
 * module comment for what is done around the evaluation).
 * @throws Error when the entry cannot be fetched or does not export a container
 */
async function evaluateEntry(loaded: LoadedVersion): Promise<unknown> {
  const response = await fetch(loaded.entry, { signal: AbortSignal.timeout(ENTRY_FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${loaded.entry} answered ${response.status}`);
  let source = await response.text();
  const url = new URL(loaded.entry);
  const base = new URL('.', url).href;
  if (source.includes(STARTUP)) {
    source = source.replace(STARTUP, `__webpack_require__.p = ${JSON.stringify(base)};\n${STARTUP}`);
  }
  const federation = (globalThis as unknown as FederationGlobal).__FEDERATION__;
  const instances = federation.__INSTANCES__;
  const others = instances.filter((instance) => (instance.options?.name ?? instance.name) === loaded.remote);
  for (const other of others) instances.splice(instances.indexOf(other), 1);
  const before = new Set(instances);
  const module: { exports: Record<string, unknown> } = { exports: {} };
  try {
    const run = vm.runInThisContext(
      `(function(exports, module, require, __dirname, __filename) {${source}\n})`,
      { filename: loaded.entry },
    ) as (...args: unknown[]) => void;
    const require = createRequire(path.join(process.cwd(), '__mf_require_base__.js'));
    run(module.exports, module, require, url.pathname.split('/').slice(0, -1).join('/'), 'remoteEntry.js');
    loaded.remoteInstance = instances.find((instance) => !before.has(instance)) ?? null;
  } finally {
    instances.push(...others);
  }
  const container = module.exports[loaded.remote] ?? module.exports;
  if (!container || typeof (container as { get?: unknown }).get !== 'function') {
    throw new Error(`${loaded.entry} does not export the ${loaded.remote} container`);
  }
  return container;
}

/** The host's federation runtime instance (the server build's). */
function hostInstance() {
  const instance = getInstance();
  if (!instance) throw new Error('The host federation runtime is not initialised');
  return instance;
}

/** Installs the loader of versioned entries into the host's runtime (once). */
function installLoader(): void {
  if (pluginInstalled) return;
  pluginInstalled = true;
  hostInstance().registerPlugins([
    {
      name: 'campus-versioned-server-entries',
      async loadEntry({ remoteInfo }: { remoteInfo: { name: string } }) {
        const loaded = byName.get(remoteInfo.name);
        if (!loaded) return undefined;
        // biome-ignore lint/suspicious/noExplicitAny: the container's type is the runtime's RemoteEntryExports
        return (await evaluateEntry(loaded)) as any;
      },
    },
  ]);
}

/** Forgets a loaded version: its registration, module cache, loading promise and remote instance. */
function evict(loaded: LoadedVersion): void {
  byName.delete(loaded.registeredName);
  const host = hostInstance() as unknown as {
    options: { remotes: { name: string }[] };
    moduleCache: Map<string, unknown>;
    remoteHandler: { idToRemoteMap: Record<string, { name: string }> };
  };
  const index = host.options.remotes.findIndex((remote) => remote.name === loaded.registeredName);
  if (index !== -1) host.options.remotes.splice(index, 1);
  host.moduleCache.delete(loaded.registeredName);
  for (const [id, remote] of Object.entries(host.remoteHandler.idToRemoteMap)) {
    if (remote.name === loaded.registeredName) delete host.remoteHandler.idToRemoteMap[id];
  }
  const global = globalThis as unknown as FederationGlobal;
  const loading = global.__GLOBAL_LOADING_REMOTE_ENTRY__;
  if (loading) {
    for (const key of Object.keys(loading))
      if (key.startsWith(`${loaded.registeredName}:`)) delete loading[key];
  }
  if (loaded.remoteInstance) {
    const instances = global.__FEDERATION__.__INSTANCES__;
    const at = instances.indexOf(loaded.remoteInstance as (typeof instances)[number]);
    if (at !== -1) instances.splice(at, 1);
  }
}

/**
 * The name to load `remote`'s modules of this version under (`<name>/<Expose>`): registers the
 * version on first use, marks it used, and drops the least recently used versions of `remote`
 * beyond {@link MAX_LOADED_VERSIONS}.
 */
export function registerRemoteVersion(remote: string, target: RemoteVersion): string {
  installLoader();
  const registeredName = registeredNameOf(remote, target.entry);
  let loaded = byName.get(registeredName);
  if (!loaded) {
    loaded = {
      remote,
      registeredName,
      entry: target.entry,
      version: target.version,
      lastUsed: 0,
      remoteInstance: null,
    };
    byName.set(registeredName, loaded);
    hostInstance().registerRemotes([{ name: registeredName, entry: target.entry }]);
  }
  loaded.lastUsed = ++useCounter;
  const versions = [...byName.values()].filter((item) => item.remote === remote);
  if (versions.length > MAX_LOADED_VERSIONS) {
    versions.sort((a, b) => a.lastUsed - b.lastUsed);
    for (const old of versions.slice(0, versions.length - MAX_LOADED_VERSIONS)) evict(old);
  }
  return registeredName;
}

/**
 * Drops a version whose load failed, so the next use fetches its entry afresh (a failed load is
 * otherwise cached by the runtime).
 */
export function forgetRemoteVersion(remote: string, entry: string): void {
  const loaded = byName.get(registeredNameOf(remote, entry));
  if (loaded) evict(loaded);
}

/** Versions loaded now, per remote (for tests and the bench: memory stays bounded). */
export function loadedRemoteVersions(): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const loaded of byName.values())
    result[loaded.remote] = [...(result[loaded.remote] ?? []), loaded.version];
  return result;
}
