/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE` (docs/product.md §22.6): backs up the
 * configured database (DATABASE_URL, else the embedded one in DATA_DIR/db) into FILE, or
 * restores FILE into it (it must be empty). See `db/backup.ts` for formats and rules. A relative
 * FILE is taken from the directory the command was typed in. Exit code 1 on failure, 2 on usage.
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backupDatabase, restoreDatabase } from '../db/backup.ts';

const [action, file, ...rest] = process.argv.slice(2);
if (!['backup', 'restore'].includes(action ?? '') || !file || rest.length > 0) {
  console.error('usage: npm run db:backup -- FILE   |   npm run db:restore -- FILE');
  process.exit(2);
}
try {
  const config = loadConfig();
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const started = Date.now();
  const result =
    action === 'backup'
      ? await backupDatabase(config.database, target)
      : await restoreDatabase(config.database, target);
  const verb = action === 'backup' ? 'Backed up' : 'Restored';
  console.log(
    `${verb} the ${result.engine === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database ${
      action === 'backup' ? 'to' : 'from'
    } ${target} (${result.bytes} bytes, ${Date.now() - started} ms).`,
  );
  if (config.storage.driver === 'local') {
    console.log(`Uploads are not in the dump: copy ${config.storage.dir} along with it.`);
  }
} catch (error) {
  console.error(`${action === 'backup' ? 'Backup' : 'Restore'} failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
