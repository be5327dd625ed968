/**
 * Backup → restore round trips (docs/product.md §22.6, `db/backup.ts`): on the embedded database
 * (PGlite's dumpDataDir / loadDataDir, through `npm run db:backup` / `db:restore` as a user
 * types them) and on PostgreSQL (pg_dump / pg_restore custom format; when DATABASE_URL is set).
 * Each compares every table's row count before and after, and checks the refusals: a folder
 * locked by a running server, a target that is not empty.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { REPO_ROOT } from '../src/config.ts';
import { backupDatabase, NotEmptyError, restoreDatabase } from '../src/db/backup.ts';
import { createDatabase, DatabaseLockedError } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { seedBench } from '../src/seed/seed-bench.ts';
import { createThrowawayPostgres } from './helper.ts';

const execFileAsync = promisify(execFile);
const COUNTS = { products: 120, services: 30, shops: 6, users: 12 };

/** Row count of every table of the public schema, by table name. */
async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(name)}`.execute(db);
    counts[name] = Number(result.rows[0]?.n);
  }
  return counts;
}

async function fill(db: Kysely<Database>): Promise<Record<string, number>> {
  await migrateToLatest(db);
  await seedBench(db, COUNTS);
  return rowCounts(db);
}

/** Runs `npm run <script> -- <file>` at the repository root with `env`; resolves with its output. */
async function npmRun(script: string, file: string, env: Record<string, string>) {
  const { stdout } = await execFileAsync('npm', ['run', '--silent', script, '--', file], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  return stdout;
}

describe('backup and restore [pglite]', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'campus-soko-backup-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('round-trips the embedded database through npm run db:backup / db:restore with equal row counts', async () => {
    const source = path.join(dir, 'source');
    const handle = await createDatabase({ engine: 'pglite', dataDir: path.join(source, 'db') });
    const before = await fill(handle.db);
    assert.ok((before.products ?? 0) >= COUNTS.products);

    // A running server holds the folder's lock: backup refuses.
    await assert.rejects(
      backupDatabase(
        { engine: 'pglite', dataDir: path.join(source, 'db') },
        path.join(dir, 'refused.tar.gz'),
      ),
      DatabaseLockedError,
    );
    await handle.destroy();

    const file = path.join(dir, 'campus.tar.gz');
    assert.match(
      await npmRun('db:backup', file, { DATA_DIR: source }),
      /Backed up the embedded \(PGlite\) database/,
    );
    const target = path.join(dir, 'target');
    assert.match(
      await npmRun('db:restore', file, { DATA_DIR: target }),
      /Restored the embedded \(PGlite\) database/,
    );

    const restored = await createDatabase({ engine: 'pglite', dataDir: path.join(target, 'db') });
    try {
      assert.deepEqual(await rowCounts(restored.db), before);
    } finally {
      await restored.destroy();
    }
    // The restored folder is no longer empty: a second restore refuses.
    await assert.rejects(
      restoreDatabase({ engine: 'pglite', dataDir: path.join(target, 'db') }, file),
      NotEmptyError,
    );
  });
});

describe('backup and restore [postgres]', {
  skip: !process.env.DATABASE_URL && 'DATABASE_URL is not set',
}, () => {
  const drops: (() => Promise<void>)[] = [];
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'campus-soko-backup-pg-'));
  });
  after(async () => {
    for (const drop of drops) await drop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });

  it('round-trips with pg_dump / pg_restore into an empty database with equal row counts', async () => {
    const source = await createThrowawayPostgres();
    drops.push(source.drop);
    const handle = await createDatabase({ engine: 'postgres', url: source.url }, { poolSize: 2 });
    let before: Record<string, number>;
    try {
      before = await fill(handle.db);
    } finally {
      await handle.destroy();
    }
    const file = path.join(dir, 'campus.dump');
    const backup = await backupDatabase({ engine: 'postgres', url: source.url }, file);
    assert.ok(backup.bytes > 0);

    const target = await createThrowawayPostgres();
    drops.push(target.drop);
    await restoreDatabase({ engine: 'postgres', url: target.url }, file);
    const restored = await createDatabase({ engine: 'postgres', url: target.url }, { poolSize: 2 });
    try {
      assert.deepEqual(await rowCounts(restored.db), before);
      // The migration history came along: nothing to apply.
      assert.deepEqual((await migrateToLatest(restored.db)).applied, []);
    } finally {
      await restored.destroy();
    }
    await assert.rejects(restoreDatabase({ engine: 'postgres', url: target.url }, file), NotEmptyError);
  });
});
