/**
 * The remote module ids are consistent (docs/product.md §18.5): each id in remote-pages.ts is a module
 * its remote exposes (the `exposes` of mfe-<remote>/rspack.config.ts), the single-bundle build
 * imports exactly those modules, and no other host source file writes an id of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_PAGES } from './remote-pages';
import { SINGLE_BUNDLE_PAGES } from './single-bundle-registry';

const ROOT = path.resolve(__dirname, '../../..');
const HOST_SRC = path.join(ROOT, 'host/src');
const withoutExtension = (file: string) => file.replace(/\.tsx?$/, '');

/** Exposed id ('catalog/ProductsPage') → absolute path of its source, without extension. */
function exposedModules(): Map<string, string> {
  const exposed = new Map<string, string>();
  for (const remote of ['catalog', 'auth', 'dashboard']) {
    const config = readFileSync(path.join(ROOT, `mfe-${remote}/rspack.config.ts`), 'utf8');
    for (const [, key, file] of config.matchAll(/'\.\/(\w+)':\s*'\.\/(src\/[^']+)'/g)) {
      exposed.set(`${remote}/${key}`, withoutExtension(path.join(ROOT, `mfe-${remote}`, file!)));
    }
  }
  return exposed;
}

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

  it('the single-bundle build imports exactly these ids, each from the module its remote exposes', () => {
    const exposed = exposedModules();
    expect(Object.keys(SINGLE_BUNDLE_PAGES).sort()).toEqual(Object.values(REMOTE_PAGES).sort());
    for (const [id, load] of Object.entries(SINGLE_BUNDLE_PAGES)) {
      const imported = /(?:import|require)\(["']([^"']+)["']\)/.exec(load.toString())?.[1];
      expect(imported).toBeDefined();
      const resolved = withoutExtension(path.resolve(HOST_SRC, 'remotes', imported!));
      expect({ id, resolved }).toEqual({ id, resolved: exposed.get(id) });
    }
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
