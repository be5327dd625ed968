/**
 * A tiny remote dist for the release tests (docs/decisions/0029-remote-releases.md): a valid
 * `mf-manifest.json` exposing every module the host loads from the remote, the host's singleton
 * versions, a remote entry, a page chunk (with precompressed siblings), the Node build under
 * `server/` and `release.json` with this checkout's page contract hash. Options break one thing
 * at a time for the gate's refusals. `packDist` makes the tar.gz the API takes.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { create } from 'tar';
import { REPO_ROOT } from '../src/config.ts';
import { contractHash } from '../src/releases/contract.ts';
import { installedVersions, requiredExposes } from '../src/releases/gate.ts';

export interface FixtureOptions {
  remote?: string;
  /** Text in the page chunk (different text: a different version). */
  marker?: string;
  /** Exposed modules left out of the manifest. */
  dropExposes?: string[];
  /** Versions that replace the host's (e.g. {react: '18.3.1'}). */
  shared?: Record<string, string>;
  /** Leave out server/remoteEntry.js. */
  noServerBuild?: boolean;
  /** Contract hash in release.json (default: the host's); null leaves release.json out. */
  contract?: string | null;
}

/** Writes the fixture dist into a new temporary folder and returns its path. */
export async function makeDist(options: FixtureOptions = {}): Promise<string> {
  const remote = options.remote ?? 'catalog';
  const dir = await mkdtemp(path.join(tmpdir(), 'campus-release-'));
  const host = await installedVersions(path.join(REPO_ROOT, 'host'));
  const shared = { ...host, ...options.shared };
  const exposes = requiredExposes(remote).filter((name) => !options.dropExposes?.includes(name));
  const manifest = {
    id: remote,
    name: remote,
    metaData: {
      name: remote,
      globalName: remote,
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    },
    shared: Object.entries(shared).map(([name, version]) => ({
      id: `${remote}:${name}`,
      name,
      version,
      singleton: true,
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    })),
    remotes: [],
    exposes: exposes.map((name) => ({
      id: `${remote}:${name}`,
      name,
      path: `./${name}`,
      assets: { js: { sync: ['page.js'], async: [] }, css: { sync: [], async: [] } },
    })),
  };
  const page = `/* ${options.marker ?? 'page'} */ console.log(${JSON.stringify(options.marker ?? 'page')});\n`;
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dir, 'remoteEntry.js'), `var ${remote} = {};\n`);
  await writeFile(path.join(dir, 'page.js'), page);
  await writeFile(path.join(dir, 'page.js.br'), brotliCompressSync(page));
  await writeFile(path.join(dir, 'page.js.gz'), gzipSync(page));
  await writeFile(path.join(dir, '.build-stamp'), new Date().toISOString());
  if (!options.noServerBuild) {
    await mkdir(path.join(dir, 'server'));
    await writeFile(path.join(dir, 'server', 'remoteEntry.js'), 'module.exports = {};\n');
  }
  const contract =
    options.contract === undefined
      ? await contractHash(path.join(REPO_ROOT, 'shared', 'src'))
      : options.contract;
  if (contract !== null) await writeFile(path.join(dir, 'release.json'), JSON.stringify({ contract }));
  return dir;
}

/**
 * The tar.gz of a folder's contents, hidden files and links included (the server must refuse or
 * skip them): `packRelease` (api/src/releases/pack.ts) is what the CLI sends.
 */
export async function packDist(dir: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = create({ gzip: true, cwd: dir, portable: true }, ['.']);
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
