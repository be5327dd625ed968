/**
 * The release gate (docs/decisions/0029-remote-releases.md): static checks of an uploaded release
 * against the running host, each failure named in its message.
 *
 * - manifest: `mf-manifest.json` at the root, readable, naming this remote.
 * - exposes: every module the host loads from the remote (`REMOTE_PAGES` in
 *   host/src/remotes/remote-pages.ts, the one list the host's route table uses) is exposed.
 * - shared: each shared singleton (`SINGLETONS`) the remote provides has the host's major
 *   (the host's versions: the packages installed for the host; ADR 0026).
 * - server-build: a remote the site renders on the server (a REMOTE_<NAME>_SSR_URL is configured)
 *   ships `server/remoteEntry.js`.
 * - contract: `release.json`'s contract hash equals the host's (`contract.ts`).
 *
 * The smoke render (a server-side render of the remote's routes with real data) runs after the
 * files are stored (`service.ts`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_PAGES } from '../../../host/src/remotes/remote-pages.ts';
import type { RemoteName } from '../config.ts';
import { ManifestError, type ReleaseCheck, type ReleaseInfo, summarizeManifest } from './manifest.ts';
import type { ReleaseGate, StagedRelease } from './service.ts';

/** The shared singletons whose major must match the host's (docs/architecture.md "Module federation"). */
export const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'jotai',
  '@mui/material',
  '@emotion/react',
  '@emotion/styled',
  '@campus/shared',
] as const;

/** The browser build's manifest and the release CLI's info file, at the dist root. */
export const MANIFEST_FILE = 'mf-manifest.json';
export const RELEASE_INFO_FILE = 'release.json';
/** The Node build's entry (ADR 0009). */
export const SERVER_ENTRY_FILE = 'server/remoteEntry.js';

/** Exposed module names the host loads from `remote`, from REMOTE_PAGES (e.g. ['ProductsPage', …]). */
export function requiredExposes(remote: string): string[] {
  return Object.values(REMOTE_PAGES)
    .filter((id) => id.startsWith(`${remote}/`))
    .map((id) => id.slice(remote.length + 1))
    .sort();
}

/** The package a shared name belongs to: 'react/jsx-runtime' → 'react', '@mui/material/x' → '@mui/material'. */
export const packageOf = (name: string): string =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

/** Major of a version string ('19.3.1' → 19), or null when unreadable. */
export const majorOf = (version: string): number | null => {
  const match = /^\D*(\d+)\./.exec(version) ?? /^\D*(\d+)$/.exec(version);
  return match ? Number(match[1]) : null;
};

/**
 * The versions of `SINGLETONS` installed for the host: `node_modules/<name>/package.json` looked
 * up from `hostDir` upwards (npm workspaces hoist them to the root).
 */
export async function installedVersions(hostDir: string): Promise<Record<string, string>> {
  const versions: Record<string, string> = {};
  for (const name of SINGLETONS) {
    let dir = path.resolve(hostDir);
    for (;;) {
      try {
        const pkg = JSON.parse(
          await readFile(path.join(dir, 'node_modules', ...name.split('/'), 'package.json'), 'utf8'),
        );
        versions[name] = String(pkg.version);
        break;
      } catch {
        const parent = path.dirname(dir);
        if (parent === dir) break;
        dir = parent;
      }
    }
  }
  return versions;
}

export interface GateOptions {
  /** The host's version of each singleton (`installedVersions`). */
  hostShared: Record<string, string>;
  /** The host's contract hash (`contractHash` of its shared/src). */
  hostContract: string | null;
  /** Whether the site renders this remote on the server (its Node build is then required). */
  rendersOnServer: (remote: RemoteName) => boolean;
}

async function readJson(dir: string, file: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(dir, file), 'utf8'));
}

/** Builds the gate over the host's facts (see the module comment). */
export function releaseGate(options: GateOptions): ReleaseGate {
  return {
    async check(remote: RemoteName, staged: StagedRelease) {
      const checks: ReleaseCheck[] = [];
      const has = (file: string) => staged.files.some((f) => f.path === file);
      let info: ReleaseInfo = {};
      if (has(RELEASE_INFO_FILE)) {
        try {
          info = (await readJson(staged.dir, RELEASE_INFO_FILE)) as ReleaseInfo;
          if (typeof info !== 'object' || info === null) info = {};
        } catch {
          info = {};
        }
      }
      let summary = null;
      if (!has(MANIFEST_FILE)) {
        checks.push({
          name: 'manifest',
          status: 'failed',
          message: `${MANIFEST_FILE} is missing at the root of the upload`,
        });
      } else {
        try {
          summary = summarizeManifest(await readJson(staged.dir, MANIFEST_FILE), info);
          if (summary.name !== remote)
            checks.push({
              name: 'manifest',
              status: 'failed',
              message: `${MANIFEST_FILE} names remote '${summary.name}', not '${remote}'`,
            });
          else if (!has(summary.remoteEntry))
            checks.push({
              name: 'manifest',
              status: 'failed',
              message: `the remote entry ${summary.remoteEntry} named by ${MANIFEST_FILE} is missing`,
            });
          else checks.push({ name: 'manifest', status: 'passed', message: `${MANIFEST_FILE} of ${remote}` });
        } catch (error) {
          const message =
            error instanceof ManifestError ? error.message : `${MANIFEST_FILE} is not valid JSON`;
          checks.push({ name: 'manifest', status: 'failed', message });
        }
      }
      if (!summary) return { summary: null, checks };

      const missing = requiredExposes(remote).filter((name) => !summary.exposes.includes(name));
      checks.push(
        missing.length === 0
          ? {
              name: 'exposes',
              status: 'passed',
              message: `exposes every module the host loads (${requiredExposes(remote).length})`,
            }
          : {
              name: 'exposes',
              status: 'failed',
              message: `missing exposed module${missing.length > 1 ? 's' : ''} the host loads: ${missing.map((m) => `${remote}/${m}`).join(', ')}`,
            },
      );

      const provided = new Map<string, string>();
      for (const [name, version] of Object.entries(summary.shared)) {
        const pkg = packageOf(name);
        if ((SINGLETONS as readonly string[]).includes(pkg) && !provided.has(pkg)) provided.set(pkg, version);
      }
      const mismatches: string[] = [];
      for (const [pkg, version] of provided) {
        const host = options.hostShared[pkg];
        if (!host) continue;
        if (majorOf(version) !== majorOf(host))
          mismatches.push(`${pkg} ${version || '(no version)'} (host has ${host})`);
      }
      checks.push(
        mismatches.length === 0
          ? {
              name: 'shared',
              status: 'passed',
              message: `shared singletons match the host's majors (${[...provided.keys()].join(', ')})`,
            }
          : {
              name: 'shared',
              status: 'failed',
              message: `shared singleton of another major than the host's: ${mismatches.join(', ')}`,
            },
      );

      if (options.rendersOnServer(remote)) {
        checks.push(
          has(SERVER_ENTRY_FILE)
            ? { name: 'server-build', status: 'passed', message: `${SERVER_ENTRY_FILE} present` }
            : {
                name: 'server-build',
                status: 'failed',
                message: `${remote} is rendered on the server but its Node build ${SERVER_ENTRY_FILE} is missing`,
              },
        );
      } else {
        checks.push({
          name: 'server-build',
          status: 'skipped',
          message: `${remote} is rendered in the browser only`,
        });
      }

      if (options.hostContract === null) {
        checks.push({
          name: 'contract',
          status: 'skipped',
          message: "the host's page contract is unknown (no shared/src)",
        });
      } else if (summary.contract === null) {
        checks.push({
          name: 'contract',
          status: 'failed',
          message: `${RELEASE_INFO_FILE} with the page contract hash is missing (pack the release with npm run release)`,
        });
      } else if (summary.contract !== options.hostContract) {
        checks.push({
          name: 'contract',
          status: 'failed',
          message: `page contract ${summary.contract} differs from the host's ${options.hostContract} (shared/src types changed: rebuild against the host's @campus/shared)`,
        });
      } else {
        checks.push({
          name: 'contract',
          status: 'passed',
          message: `page contract ${summary.contract} matches the host's`,
        });
      }
      return { summary, checks };
    },
  };
}
