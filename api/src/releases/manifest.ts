/**
 * What the registry keeps of a release's `mf-manifest.json` (module federation's manifest, written
 * by `@module-federation/enhanced` beside the remote entry) and of the `release.json` the release
 * CLI adds at the root of the packed dist (docs/decisions/0029-remote-releases.md).
 */

/** Summary of a release's manifest, stored in `releases.manifest`. */
export interface ReleaseManifestSummary {
  /** The container's name (`metaData.name`), e.g. 'catalog'. */
  name: string;
  /** File name of the browser remote entry (`metaData.remoteEntry.name`), e.g. 'remoteEntry.js'. */
  remoteEntry: string;
  /** Exposed module names without './' (e.g. ['ProductsPage', …]), sorted. */
  exposes: string[];
  /** Shared packages and the version each provides (e.g. {react: '19.3.1'}). */
  shared: Record<string, string>;
  /** Hash of the page contract the remote was built against (release.json), or null. */
  contract: string | null;
}

/** One check of the release gate and its outcome. */
export interface ReleaseCheck {
  name: 'manifest' | 'exposes' | 'shared' | 'server-build' | 'contract' | 'smoke-render';
  status: 'passed' | 'failed' | 'skipped';
  /** What passed, or what is wrong (names the module, package or file). */
  message: string;
}

/** `release.json` at the root of an uploaded dist (written by scripts/release.mts). */
export interface ReleaseInfo {
  /** `contractHash()` of the shared page contract the remote was built against. */
  contract?: string;
  /** The git commit the remote was built from (full or short hex). */
  gitCommit?: string;
}

/** Thrown when a manifest cannot be read; the message says why. */
export class ManifestError extends Error {}

/**
 * Reads the summary out of a parsed mf-manifest.json.
 * @throws ManifestError when it is not an object with `metaData.name`, `metaData.remoteEntry.name`
 *   and arrays `exposes` and `shared`
 */
export function summarizeManifest(manifest: unknown, info: ReleaseInfo): ReleaseManifestSummary {
  if (typeof manifest !== 'object' || manifest === null)
    throw new ManifestError('mf-manifest.json is not a JSON object');
  const { metaData, exposes, shared } = manifest as {
    metaData?: { name?: unknown; remoteEntry?: { name?: unknown } };
    exposes?: unknown;
    shared?: unknown;
  };
  if (typeof metaData?.name !== 'string' || metaData.name === '')
    throw new ManifestError('mf-manifest.json has no metaData.name');
  if (typeof metaData.remoteEntry?.name !== 'string' || metaData.remoteEntry.name === '')
    throw new ManifestError('mf-manifest.json has no metaData.remoteEntry.name');
  if (!Array.isArray(exposes)) throw new ManifestError('mf-manifest.json has no exposes list');
  if (!Array.isArray(shared)) throw new ManifestError('mf-manifest.json has no shared list');
  const exposed = exposes
    .map((item: { name?: unknown; path?: unknown }) =>
      typeof item?.name === 'string'
        ? item.name
        : typeof item?.path === 'string'
          ? item.path.replace(/^\.\//, '')
          : null,
    )
    .filter((name): name is string => name !== null)
    .sort();
  const sharedVersions: Record<string, string> = {};
  for (const item of shared as { name?: unknown; version?: unknown }[]) {
    if (typeof item?.name === 'string')
      sharedVersions[item.name] = typeof item.version === 'string' ? item.version : '';
  }
  return {
    name: metaData.name,
    remoteEntry: metaData.remoteEntry.name,
    exposes: exposed,
    shared: sharedVersions,
    contract: typeof info.contract === 'string' ? info.contract : null,
  };
}
