/**
 * The remote module ids are consistent (docs/product.md §18.5): each id in remote-pages.ts is a module
 * its remote exposes (the `exposes` of mfe-<remote>/rspack.config.ts), and no other host source
 * file writes an id of its own. (bench/single-bundle/registry.test.ts checks that the single
 * bundle imports exactly these ids.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { exposedModules, REPO_ROOT } from '../../../jest/testing/exposed-modules';
import { REMOTE_PAGES } from './remote-pages';

const ROOT = REPO_ROOT;
const HOST_SRC = path.join(ROOT, 'host/src');

/** Host source files (not tests), recursively. */
function hostSources(dir = HOST_SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return hostSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('remote page ids (remote-pages.ts)', () => {
  it('names only modules that a remote exposes', () => {
    const exposed = exposedModules();
    expect(exposed.size).toBeGreaterThan(0);
    expect(Object.values(REMOTE_PAGES).filter((id) => !exposed.has(id))).toEqual([]);
  });

  it('is the only host source file that writes a remote module id (comments aside)', () => {
    const code = (file: string) =>
      readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
    const elsewhere = hostSources()
      .filter((file) => path.basename(file) !== 'remote-pages.ts')
      .flatMap((file) =>
        [...code(file).matchAll(/['"`]((?:catalog|auth|dashboard)\/[A-Z]\w+)['"`]/g)].map(
          ([, id]) => `${path.relative(HOST_SRC, file)}: ${id}`,
        ),
      );
    expect(elsewhere).toEqual([]);
  });
});
