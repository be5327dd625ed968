/**
 * Structure check of the table of endpoints (docs/decisions/0038-one-table-of-endpoints.md): the
 * front end (`host/src`, each remote's `src`, `shared/src`, `e2e`) calls the API with
 * `apiClient.call('<METHOD> <path>', ...)`, typed from the contract, never with a hand-written
 * answer generic (`apiClient.get<...>`, `post<`, `put<`, `patch<`, `delete<`), nor an untyped
 * `apiClient.get(...)`, nor a hand-written request body (`interface ...Payload`): every endpoint
 * of the JSON API is on the table, so no file may hold one. The listing kinds' list routes write
 * their literal path (`'/products'`) at their entry of the table, the one place it is written:
 * `api/src/catalog/kinds.ts` reads it from there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..');

const SOURCES = ['host/src', 'mfe-auth/src', 'mfe-catalog/src', 'mfe-dashboard/src', 'shared/src', 'e2e'];
// A plain method call (`apiClient.get('/x')`, with or without an answer generic) or a payload interface.
const HAND_WRITTEN = /apiClient\s*\.\s*(?:get|post|put|patch|delete)\s*[<(]|\binterface\s+\w*Payload\b/g;

/** The .ts/.tsx files under `dir` (relative to the root), without node_modules and builds. */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'test-results', 'playwright-report'].includes(entry.name))
        files.push(...sourceFiles(relative));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(relative);
  }
  return files;
}

/** Each file with hand-written answer generics or payload interfaces → their count. */
function handWritten(): Record<string, number> {
  const found: Record<string, number> = {};
  for (const file of SOURCES.flatMap(sourceFiles)) {
    const count = readFileSync(path.join(root, file), 'utf8').match(HAND_WRITTEN)?.length ?? 0;
    if (count > 0) found[file] = count;
  }
  return found;
}

describe('calls of the API', () => {
  it('use the table of endpoints: no hand-written answer generic or payload interface anywhere', () => {
    expect(handWritten()).toEqual({});
  });
});

/** The listing kinds' list paths, each written once as a literal, at its entry in the table. */
const LIST_PATHS = ['/products', '/services'];

describe('the listing kinds’ list routes', () => {
  const table = readFileSync(path.join(root, 'shared/src/contract/endpoints.ts'), 'utf8');
  const kinds = readFileSync(path.join(root, 'api/src/catalog/kinds.ts'), 'utf8');

  it.each(LIST_PATHS)(
    "carry the literal '%s' at their entry, so that searching for it finds the route",
    (listPath) => {
      // The entry from its key to its first closing brace (its schemas are named constants).
      const entry = table.slice(table.indexOf(`'GET ${listPath}': {`)).split('}')[0];
      expect(entry).toContain(`path: '${listPath}',`);
    },
  );

  it.each(LIST_PATHS)('give the kind its path %s from the table, not a second literal', (listPath) => {
    expect(kinds).toContain(`path: endpoints['GET ${listPath}'].path,`);
    expect(kinds).not.toContain(`'${listPath}'`);
  });
});
