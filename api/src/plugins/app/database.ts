/**
 * Database plugin: opens the database (or takes the handle it is given), brings the schema to
 * the latest migration, runs VACUUM ANALYZE on PGlite (it never autovacuums, docs/stack-notes.md "PGlite vs PostgreSQL"), and
 * decorates the app with `db` (Kysely) and `database` (the handle). The handle is destroyed
 * when the app closes, which also releases the PGlite folder lock.
 */

import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import { createDatabase, type DatabaseHandle, vacuumAnalyze } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Database } from '../../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Query builder over the app's database. */
    db: Kysely<Database>;
    /** The open database (engine name, destroy). */
    database: DatabaseHandle;
  }
}

export interface DatabasePluginOptions {
  config: AppConfig;
  /** An already open database to use instead of opening `config.database`; the app takes ownership. */
  database?: DatabaseHandle;
  /** See `DatabaseOptions.lockWaitMs`. */
  lockWaitMs?: number;
}

export default fp<DatabasePluginOptions>(
  async (app, { config, database, lockWaitMs }) => {
    const handle =
      database ??
      (await createDatabase(config.database, {
        lockWaitMs,
        onLockCompromised: (error) => {
          app.log.fatal({ err: error }, 'lost the lock on the embedded database folder: stopping');
          process.exitCode = 1;
          void app.close();
        },
      }));
    app.addHook('onClose', async () => {
      await handle.destroy();
    });
    const started = Date.now();
    const { applied } = await migrateToLatest(handle.db);
    if (handle.engine === 'pglite') await vacuumAnalyze(handle.db);
    app.log.info(
      { engine: handle.engine, applied, ms: Date.now() - started },
      applied.length > 0 ? 'database migrated' : 'database schema up to date',
    );
    app.decorate('database', handle);
    app.decorate('db', handle.db);
  },
  { name: 'database' },
);
