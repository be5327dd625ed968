/**
 * Runs the API tests (`npm test -w api`, or `npm test -w api -- test/a.test.ts …` for some files):
 *
 * 1. builds the run's migrated templates (`database-templates.ts`): the tarball of a migrated
 *    PGlite data folder in a temporary folder and, when DATABASE_URL is set, a migrated
 *    PostgreSQL database `campus_test_template_<random>` on that server; with more than one file
 *    at once, also the stale production builds (`scripts/build-if-stale.mjs`), which three files
 *    would otherwise build at the same time into the same folders;
 * 2. runs `node --import tsx --test` over the files (every `test/*.test.ts` by default), with
 *    API_TEST_CONCURRENCY files at once (default 2: a file's process often waits on PostgreSQL,
 *    timers or child processes, and every file keeps to its own databases, folders, ports and
 *    Redis keys), the templates named in the environment, and
 *    the slowest files' times printed at the end (`file-times.ts`);
 * 3. drops the templates, and exits with the test run's code.
 *
 * Run from the `api` folder (npm does). See docs/decisions/0042.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import {
  buildPgliteTemplate,
  createPostgresTemplate,
  dropPostgresDatabase,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
} from './database-templates.ts';
import { type CompleteEvent, fileTimesReport } from './file-times.ts';

const TEST_DIR = import.meta.dirname;
const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync(TEST_DIR)
        .filter((name) => name.endsWith('.test.ts'))
        .sort()
        .map((name) => path.join('test', name));
const concurrency = Number(process.env.API_TEST_CONCURRENCY ?? '2');
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error(`API_TEST_CONCURRENCY must be a whole number ≥ 1 (got ${process.env.API_TEST_CONCURRENCY})`);
  process.exit(2);
}

/** Builds the stale front-end bundles and api/dist (scripts/build-if-stale.mjs). */
function buildStale(): Promise<void> {
  const child = spawn(process.execPath, [path.join(TEST_DIR, '../../scripts/build-if-stale.mjs')], {
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (exitCode) =>
      exitCode === 0 ? resolve() : reject(new Error(`build-if-stale failed (exit ${exitCode})`)),
    );
  });
}

/** process.stdout for a pipeline, left open when the pipeline ends. */
function reporterOutput(): Writable {
  return new Writable({
    write(chunk, _encoding, callback) {
      process.stdout.write(chunk, callback);
    },
  });
}

/** Collects the run's `test:complete` events until the run ends. */
function completeEvents(stream: ReturnType<typeof run>): Promise<CompleteEvent[]> {
  const events: CompleteEvent[] = [];
  stream.on('test:complete', (data: CompleteEvent) => events.push(data));
  return new Promise((resolve) => stream.once('end', () => resolve(events)));
}

const started = Date.now();
const folder = mkdtempSync(path.join(tmpdir(), 'campus-soko-api-tests-'));
const adminUrl = process.env.DATABASE_URL;
const postgresTemplate = adminUrl ? `campus_test_template_${randomBytes(6).toString('hex')}` : null;

async function cleanUp(): Promise<void> {
  rmSync(folder, { recursive: true, force: true });
  if (adminUrl && postgresTemplate) await dropPostgresDatabase(adminUrl, postgresTemplate);
}

let code = 1;
try {
  const pgliteFile = path.join(folder, 'pglite-migrated.tar');
  const [tarball] = await Promise.all([
    buildPgliteTemplate(),
    adminUrl && postgresTemplate ? createPostgresTemplate(adminUrl, postgresTemplate) : null,
    concurrency > 1 ? buildStale() : null,
  ]);
  writeFileSync(pgliteFile, Buffer.from(await tarball.arrayBuffer()));
  console.log(
    `# ready to test (templates${concurrency > 1 ? ', stale builds' : ''}) in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      ` (PGlite${postgresTemplate ? `, PostgreSQL ${postgresTemplate}` : ''})`,
  );

  // Through run(), not `node --test --test-concurrency=N`: the CLI hands its own flags to every
  // file's process, where --test-concurrency=2 would also run a file's top-level suites (its
  // [pglite] and [postgres] halves) at the same time.
  process.env[PGLITE_TEMPLATE_ENV] = pgliteFile;
  if (postgresTemplate) process.env[POSTGRES_TEMPLATE_ENV] = postgresTemplate;
  const stream = run({ files, concurrency });
  let failed = false;
  stream.on('test:fail', () => {
    failed = true;
  });
  // The reporter node picks by default (spec on a terminal, TAP otherwise), then the file times.
  const [, events] = await Promise.all([
    pipeline(stream.compose(process.stdout.isTTY ? new spec() : tap), reporterOutput()),
    completeEvents(stream),
  ]);
  process.stdout.write(fileTimesReport(events));
  code = failed ? 1 : 0;
} catch (error) {
  console.error(error);
} finally {
  await cleanUp().catch((error) => console.error('could not remove the test templates:', error));
}
process.exit(code);
