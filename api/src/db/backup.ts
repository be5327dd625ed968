/**
 * Backup and restore of the database (docs/product.md §22.6; README "Backups"):
 *
 * - PostgreSQL: `pg_dump --format=custom` into FILE, `pg_restore` from it into an EMPTY database
 *   (one transaction; stops at the first error). The dump holds the schema, the rows and the
 *   migration history; no owners or grants (restore as any user that may create the objects).
 * - Embedded PGlite: PGlite's own `dumpDataDir('gzip')` (a .tar.gz of the data folder, taken
 *   from a consistent, cleanly opened database) into FILE, and `loadDataDir` from it into an
 *   EMPTY (or missing) data folder. Both take the folder's lock first, so they refuse while a
 *   server runs on the folder (`DatabaseLockedError`): stop the server, back up, start it again.
 *
 * Uploads are NOT inside the dump: copy DATA_DIR/uploads (local storage) with the dump, or enable
 * versioning on the bucket (STORAGE_URL). Keys in the database point at them.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { lockFolder } from './database.ts';

/** What a backup or restore did, for the CLI's message. */
export interface BackupResult {
  engine: 'pglite' | 'postgres';
  file: string;
  /** Size of FILE in bytes. */
  bytes: number;
}

/** The target database of a restore is not empty. */
export class NotEmptyError extends Error {
  readonly code = 'ENOTEMPTYDB';
}

/**
 * Runs `command args`, rejecting with its stderr when it exits non-zero.
 * @throws Error `<command> failed (exit N): <stderr>`, or ENOENT when the tool is not installed
 */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} is not installed (Debian: apt-get install postgresql-client-15)`)
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Number of tables in the user schemas of the PostgreSQL database at `url`. */
async function countTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_catalog.pg_tables
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Writes a backup of `database` to `file` (overwritten).
 * @throws DatabaseLockedError (PGlite folder in use), Error from pg_dump or the file system
 */
export async function backupDatabase(database: DatabaseConfig, file: string): Promise<BackupResult> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  if (database.engine === 'postgres') {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      `--dbname=${database.url}`,
    ]);
    return { engine: 'postgres', file, bytes: (await stat(file)).size };
  }
  const dataDir = requireFolder(database.dataDir);
  await stat(path.join(dataDir, 'PG_VERSION')).catch(() => {
    throw new Error(`No embedded database in ${dataDir} to back up`);
  });
  const release = await lockFolder(dataDir, { lockWaitMs: 0 });
  try {
    const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    try {
      const dump = await pglite.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
  } finally {
    await release();
  }
  return { engine: 'pglite', file, bytes: (await stat(file)).size };
}

/**
 * Restores `file` (made by `backupDatabase` for the same engine) into `database`, which must be
 * empty: a PostgreSQL database without tables, or a missing / empty PGlite data folder.
 * @throws NotEmptyError, DatabaseLockedError, Error from pg_restore, PGlite or the file system
 */
export async function restoreDatabase(database: DatabaseConfig, file: string): Promise<BackupResult> {
  const bytes = (await stat(file)).size;
  if (database.engine === 'postgres') {
    if ((await countTables(database.url)) > 0) {
      throw new NotEmptyError(
        'The target PostgreSQL database is not empty: restore into a new, empty database.',
      );
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${database.url}`,
      file,
    ]);
    return { engine: 'postgres', file, bytes };
  }
  const dataDir = requireFolder(database.dataDir);
  await mkdir(dataDir, { recursive: true });
  const release = await lockFolder(dataDir, { lockWaitMs: 0 });
  try {
    if ((await readdir(dataDir)).length > 0) {
      throw new NotEmptyError(`The data folder ${dataDir} is not empty: restore into a new, empty folder.`);
    }
    try {
      const archive = new Blob([await readFile(file)]);
      const pglite = await PGlite.create({ dataDir, loadDataDir: archive, extensions: { pg_trgm } });
      await pglite.query('SELECT 1');
      await pglite.close();
    } catch (error) {
      // Never leave a half-restored folder that a server would open.
      for (const entry of await readdir(dataDir))
        await rm(path.join(dataDir, entry), { recursive: true, force: true });
      throw error;
    }
  } finally {
    await release();
  }
  return { engine: 'pglite', file, bytes };
}

function requireFolder(dataDir: string | null): string {
  if (dataDir === null)
    throw new Error('An in-memory database (DATABASE_URL=memory://) has nothing to back up');
  return dataDir;
}
