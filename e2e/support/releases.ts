/**
 * Release helpers shared by the release specs (docs/decisions/0029-remote-releases.md): a copy of
 * the run's catalog build changed by an edit (a new version), packed as the release API takes it
 * (tar.gz of the dist with `release.json`), and the release API called with a deploy token.
 */

import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnswerOf } from '@campus/shared/contract';
import type { APIRequestContext } from '@playwright/test';
import { contractHash } from '../../api/src/releases/contract';
import { packRelease } from '../../api/src/releases/pack';

const ROOT = path.resolve(__dirname, '../..');

/** Changes one browser file of the build: returns the new text (or the same text). */
export type BuildEdit = (file: string, text: string) => string;

/**
 * The run's catalog build (`<staticRoot>/mfe-catalog/dist`) with `editBrowser` applied to its
 * browser JavaScript files (the Node build under `server/` is left as built), as a release's
 * tar.gz. A changed file loses its precompressed siblings (they would still hold the old text).
 */
export async function catalogRelease(
  staticRoot: string,
  editBrowser: BuildEdit = (_, text) => text,
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'e2e-release-'));
  try {
    await cp(path.join(staticRoot, 'mfe-catalog', 'dist'), dir, { recursive: true });
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.js')) continue;
      const file = path.join(dir, name);
      const text = await readFile(file, 'utf8');
      const edited = editBrowser(name, text);
      if (edited === text) continue;
      await writeFile(file, edited);
      await rm(`${file}.br`, { force: true });
      await rm(`${file}.gz`, { force: true });
    }
    return await packRelease(dir, await contractHash(path.join(ROOT, 'shared', 'src')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One remote's releases, routing and audit log as `GET /releases/:remote` answers them (the contract's type). */
type RemoteReleases = AnswerOf<'GET /releases/:remote'>['data'];

/** One check of the release gate. */
export type ReleaseCheck = RemoteReleases['releases'][number]['checks'][number];

/** A remote's routing: current, previous, canary. */
export type RemoteRouting = RemoteReleases['routing'];

/** One row of a remote's release audit log. */
export type AuditRow = RemoteReleases['audit'][number];

/** The release API of the running site, as one remote's team (its deploy token). */
export function releaseApi(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const ok = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    if (!response.ok())
      throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };
  return {
    /** Uploads a release (through the gate): its version and checks. */
    async upload(remote: string, body: Buffer): Promise<{ version: string; checks: ReleaseCheck[] }> {
      const response = await request.post(`/api/v1/releases/${remote}`, {
        headers: { ...headers, 'content-type': 'application/gzip' },
        data: body,
      });
      return (await ok<{ release: { version: string; checks: ReleaseCheck[] } }>(response)).release;
    },
    async canary(remote: string, version: string, percent: number): Promise<void> {
      await ok(
        await request.put(`/api/v1/releases/${remote}/canary`, { headers, data: { version, percent } }),
      );
    },
    async promote(remote: string, version: string): Promise<void> {
      await ok(await request.post(`/api/v1/releases/${remote}/promote`, { headers, data: { version } }));
    },
    /** The remote's routing and audit log (newest first). */
    async state(remote: string): Promise<{ routing: RemoteRouting; audit: AuditRow[] }> {
      return ok(await request.get(`/api/v1/releases/${remote}`, { headers }));
    },
  };
}
