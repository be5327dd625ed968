/**
 * Which build of each remote a request gets (docs/decisions/0029-remote-releases.md, "Serving"),
 * the one rule behind `/remotes.json` and the server render (so hydration matches), in order:
 * 1. a developer override (`?remoteOverride=`, when allowed): that URL in the browser only;
 * 2. `REMOTE_<NAME>_URL` / `REMOTE_<NAME>_SSR_URL` set to something else than the checkout's
 *    default: the environment wins over the registry;
 * 3. the registry: the canary when the visitor's bucket is ≤ its percent, else the current release
 *    (`/releases/<remote>/<version>/mf-manifest.json`; its Node build `server/remoteEntry.js` for a
 *    remote that renders on the server);
 * 4. no release: the checkout's build (`/remotes/<name>/…`), versioned by its manifest's hash.
 */
import type { AppConfig, RemoteName } from '../config.ts';
import { REMOTE_NAMES } from '../config.ts';
import type { RemoteOverrides } from './overrides.ts';

/** A remote's routing as the registry gives it (releases service `routing()`). */
export interface RemoteRouting {
  current: string | null;
  previous: string | null;
  canary: { version: string; percent: number } | null;
  updatedAt: string | null;
}

export type RoutingTable = Partial<Record<RemoteName, RemoteRouting>>;

/** One remote in `/remotes.json` and the inline configuration of a server-rendered page. */
export interface ResolvedRemote {
  /** Browser entry (`mf-manifest.json` or `remoteEntry.js`). */
  entry: string;
  /** Node entry, or null when the remote is rendered in the browser only. */
  ssrEntry: string | null;
  /** Version id of that build (a release's version, the checkout build's hash, or `env-…` / `override`). */
  version: string;
}

export type ResolvedRemotes = Record<RemoteName, ResolvedRemote>;

/** Version id given to an override's build (unknown to the server). */
export const OVERRIDE_VERSION = 'override';

/** The default browser entry of a remote built in the checkout. */
export const checkoutEntry = (name: RemoteName) => `/remotes/${name}/mf-manifest.json`;
/** The default Node entry of a remote built in the checkout. */
export const checkoutSsrEntry = (name: RemoteName) => `/remotes/${name}/server/remoteEntry.js`;

/** Base URL of a release's files, ending in '/'. */
export const defaultReleaseBaseUrl = (remote: string, version: string) =>
  `/releases/${encodeURIComponent(remote)}/${encodeURIComponent(version)}/`;

/** Short stable hash of a URL, for the version id of an env-configured remote. */
function urlHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export interface ResolveInput {
  config: Pick<AppConfig, 'remotes' | 'remoteSsrEntries'>;
  routing: RoutingTable;
  /** The visitor's bucket 1-100 (null: no canary). */
  bucket: number | null;
  overrides: RemoteOverrides;
  /** Version id of the checkout's build of a remote. */
  checkoutVersion: (remote: RemoteName) => string;
  releaseBaseUrl?: (remote: string, version: string) => string;
}

/** The version a visitor in `bucket` gets from `routing`, or null when nothing is released. */
export function routedVersion(routing: RemoteRouting | undefined, bucket: number | null): string | null {
  if (!routing) return null;
  const canary = routing.canary;
  if (canary && canary.percent > 0 && bucket !== null && bucket <= canary.percent) return canary.version;
  return routing.current;
}

/** Resolves every remote for one request (see the module comment). */
export function resolveRemotes(input: ResolveInput): ResolvedRemotes {
  const { config, routing, bucket, overrides } = input;
  const baseOf = input.releaseBaseUrl ?? defaultReleaseBaseUrl;
  const resolved = {} as ResolvedRemotes;
  for (const name of REMOTE_NAMES) {
    const override = overrides[name];
    const rendersOnServer = config.remoteSsrEntries[name] !== null;
    const envEntry = config.remotes[name] !== checkoutEntry(name);
    const envSsr = rendersOnServer && config.remoteSsrEntries[name] !== checkoutSsrEntry(name);
    const version = routedVersion(routing[name], bucket);
    if (override) {
      resolved[name] = { entry: override, ssrEntry: null, version: OVERRIDE_VERSION };
    } else if (envEntry || envSsr || !version) {
      resolved[name] = {
        entry: config.remotes[name],
        ssrEntry: config.remoteSsrEntries[name],
        version:
          envEntry || envSsr
            ? `env-${urlHash(`${config.remotes[name]} ${config.remoteSsrEntries[name]}`)}`
            : input.checkoutVersion(name),
      };
    } else {
      const base = baseOf(name, version);
      resolved[name] = {
        entry: `${base}mf-manifest.json`,
        ssrEntry: rendersOnServer ? `${base}server/remoteEntry.js` : null,
        version,
      };
    }
  }
  return resolved;
}
