/**
 * The version id of a remote built in the checkout (`mfe-<name>/dist`), used when no release of
 * it is registered (docs/decisions/0029-remote-releases.md, "Serving"): the first 12 hex of the
 * sha256 of its `mf-manifest.json`, computed again only when the file changes (its mtime and size).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Version id of a remote whose checkout build is missing. */
export const UNBUILT_VERSION = 'unbuilt';

/**
 * Returns `versionOf(remote)`: the checkout build's version id under `staticRoot`, or
 * {@link UNBUILT_VERSION}; one `stat` per call, a hash per change of the file.
 */
export function checkoutVersions(staticRoot: string): (remote: string) => string {
  const cache = new Map<string, { stamp: string; version: string }>();
  return (remote) => {
    const file = path.join(staticRoot, `mfe-${remote}`, 'dist', 'mf-manifest.json');
    try {
      const stat = statSync(file);
      const stamp = `${stat.mtimeMs}:${stat.size}`;
      const cached = cache.get(remote);
      if (cached?.stamp === stamp) return cached.version;
      const version = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
      cache.set(remote, { stamp, version });
      return version;
    } catch {
      return UNBUILT_VERSION;
    }
  };
}
