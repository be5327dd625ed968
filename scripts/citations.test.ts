/**
 * @jest-environment node
 *
 * Comments, test names and schema descriptions cite what is in the repository: a section of
 * docs/product.md (`§N`) or an ADR (docs/decisions/). Issue numbers and the numbered sections of
 * the original brief are not in the repository, so no tracked source file may cite them
 * ("issue 13", "spec 5"); benchmark results and Markdown history are left as written.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

test('no source file cites an issue number or a section of the original brief', () => {
  let found = '';
  try {
    found = execFileSync(
      'git',
      [
        'grep',
        '-nIE',
        '\\b([Ii]ssue|[Ss]pec) [0-9]+\\b',
        '--',
        '*.ts',
        '*.tsx',
        '*.js',
        '*.mjs',
        '*.cjs',
        '*.sh',
        ':!bench/results',
        ':!scripts/citations.test.ts',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
  } catch (error) {
    // git grep exits 1 when nothing matches.
    if ((error as { status?: number }).status !== 1) throw error;
  }
  expect(found).toBe('');
});
