/**
 * The page contract between the host and its remotes (docs/decisions/0029-remote-releases.md):
 * the TypeScript sources in `@campus/shared` that say what an exposed page is given and returns —
 * `server-rendering.ts` (the `loadServerData` contract, the preloaded route data), `server-page.ts`
 * (the in-process API a loader reads through, the page head), `types.ts` and `contract/*.ts` (the
 * shapes of that data). `contractHash` is a hash of those files with comments
 * and whitespace removed, so a docstring edit does not change it but any change of a type does.
 * The release CLI writes the remote's hash into `release.json`; the gate compares it with the
 * host's (this checkout's `shared/src`).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Files of `shared/src` that make up the contract (relative, '/'-separated; folders end in '/'). */
export const CONTRACT_FILES = ['server-page.ts', 'server-rendering.ts', 'types.ts', 'contract/'] as const;

/**
 * Removes comments (line and block) and collapses whitespace outside string and template
 * literals, so formatting and docstrings do not count.
 */
export function stripComments(source: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null;
  while (i < source.length) {
    const char = source[i] as string;
    const next = source[i + 1];
    if (quote) {
      out += char;
      if (char === '\\') {
        out += next ?? '';
        i += 2;
        continue;
      }
      if (char === quote) quote = null;
      i += 1;
      continue;
    }
    if (char === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i += 1;
      continue;
    }
    if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
      out += ' ';
      continue;
    }
    if (char === '"' || char === "'" || char === '`') quote = char;
    out += char;
    i += 1;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * The contract hash of a `shared/src` folder: sha256 (first 16 hex) over each contract file's
 * path and comment-free text, in path order.
 * @throws Error when a contract file cannot be read
 */
export async function contractHash(sharedSrc: string): Promise<string> {
  const files: string[] = [];
  for (const entry of CONTRACT_FILES) {
    if (entry.endsWith('/')) {
      const names = (await readdir(path.join(sharedSrc, entry))).filter(
        (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
      );
      files.push(...names.map((name) => `${entry}${name}`));
    } else files.push(entry);
  }
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(
      `${file}\0${stripComments(await readFile(path.join(sharedSrc, ...file.split('/')), 'utf8'))}\n`,
    );
  }
  return hash.digest('hex').slice(0, 16);
}
