/**
 * @jest-environment node
 *
 * Structure check of the remotes' feature folders (docs/architecture.md "Module federation"):
 * in `mfe-catalog/src`, `mfe-auth/src` and `mfe-dashboard/src` each top-level folder is a feature
 * (`products`, `favourites`, …) except `common`, the layer every feature builds on. An import
 * between two folders must go down, never up or sideways into another feature's internals:
 * - `common` imports no feature (a card takes the favourites' heart as a prop instead);
 * - no feature imports another feature's `pages/` (what the remote exposes) or `server/` (its
 *   page loaders): each feature loads its own pages' data;
 * - the imports between features form no cycle.
 * Relative imports are read from the product sources; tests (`*.test.tsx`), which render a page
 * to check a feature in place, are left out. `@campus/shared` is not a folder of the remote and is
 * free to use.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const REMOTES = ['mfe-catalog', 'mfe-auth', 'mfe-dashboard'];
/** The base layer of a remote: any feature may import it; it imports none. */
const BASE = 'common';
/** A feature's folders no other feature may import. */
const INTERNAL = ['pages', 'server'];

/** One import from one folder of a remote into another: the file, the target folder and its path. */
interface CrossImport {
  file: string;
  from: string;
  to: string;
  target: string;
}

/** The .ts/.tsx files under `dir`, without tests and test kits. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test(kit)?\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every relative import of `remote` that leaves its top-level folder for another one. */
function crossImports(remote: string): CrossImport[] {
  const src = path.join(ROOT, remote, 'src');
  const folders = new Set(readdirSync(src).filter((name) => statSync(path.join(src, name)).isDirectory()));
  const found: CrossImport[] = [];
  for (const file of sourceFiles(src)) {
    const [from] = path.relative(src, file).split(path.sep);
    if (!from || !folders.has(from)) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = path.relative(src, path.resolve(path.dirname(file), match[1] ?? ''));
      const [to] = target.split(path.sep);
      if (to && to !== from && folders.has(to))
        found.push({ file: path.relative(ROOT, file), from, to, target: target.split(path.sep).join('/') });
    }
  }
  return found;
}

/** A cycle in `edges` (feature → features it imports) as `a → b → a`, or null. */
function findCycle(edges: Map<string, Set<string>>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node].join(' → ');
    state.set(node, 'open');
    trail.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe.each(REMOTES)('%s feature folders', (remote) => {
  const imports = crossImports(remote);

  it(`${BASE}/ imports no feature`, () => {
    const upward = imports
      .filter((item) => item.from === BASE)
      .map((item) => `${item.file} → ${item.target}`);
    expect(upward).toEqual([]);
  });

  it("no feature imports another feature's pages/ or server/", () => {
    const internal = imports
      .filter((item) => item.to !== BASE && INTERNAL.includes(item.target.split('/')[1] ?? ''))
      .map((item) => `${item.file} → ${item.target}`);
    expect(internal).toEqual([]);
  });

  it('the imports between features form no cycle', () => {
    const edges = new Map<string, Set<string>>();
    for (const item of imports) {
      if (item.from === BASE || item.to === BASE) continue;
      edges.set(item.from, (edges.get(item.from) ?? new Set()).add(item.to));
    }
    expect(findCycle(edges)).toBeNull();
  });
});
