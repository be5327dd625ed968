/**
 * A remote's release archive as the release API takes it (docs/decisions/0029-remote-releases.md):
 * the dist folder as a tar.gz, entries relative to it, hidden files left out, with `release.json`
 * naming the page contract hash (`contract.ts`) it was built against. Used by `npm run release`
 * and by the tests and benchmarks that release builds.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create } from 'tar';

/**
 * Writes `release.json` (`{contract}`) into `dist` when `contract` is a string (null: none, for a
 * test of the gate), then packs `dist`.
 * @returns the tar.gz bytes
 */
export async function packRelease(dist: string, contract: string | null): Promise<Buffer> {
  if (contract !== null) {
    await writeFile(path.join(dist, 'release.json'), `${JSON.stringify({ contract }, null, 2)}\n`);
  }
  const chunks: Buffer[] = [];
  const stream = create(
    {
      gzip: true,
      cwd: dist,
      portable: true,
      filter: (file) => !file.split('/').some((segment) => segment.startsWith('.') && segment !== '.'),
    },
    ['.'],
  );
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
