/**
 * Database layer: migrations on an empty database of each engine (tables exist, re-running is
 * a no-op, constraints match the shared constants), the migrated template the other test files'
 * apps start from (the same schema as a database migrated step by step), and the PGlite folder lock.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from '@campus/shared/constants';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle, DatabaseLockedError } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { postgresTemplateName } from './database-templates.ts';
import { insertProduct, insertUser } from './fixtures.ts';
import { ENGINES, openMigratedTestDatabase, openTestDatabase } from './helper.ts';

const API_DIR = path.resolve(import.meta.dirname, '..');

for (const engine of ENGINES) {
  describe(`migrations [${engine}]`, () => {
    let database: DatabaseHandle;
    before(async () => {
      database = await openTestDatabase(engine);
    });
    after(async () => {
      await database?.destroy();
    });

    it('applies every migration to an empty database, in order', async () => {
      const { applied } = await migrateToLatest(database.db);
      assert.deepEqual(applied, Object.keys(migrations).sort());
      assert.equal(applied[0], '0001_catalog');
      const { rows } = await sql<{ table_name: string }>`
        SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`.execute(database.db);
      const tables = rows.map((row) => row.table_name);
      for (const table of ['users', 'shops', 'products', 'services'])
        assert.ok(tables.includes(table), table);
    });

    it('does nothing when run again', async () => {
      assert.deepEqual(await migrateToLatest(database.db), { applied: [] });
    });

    it('creates the list (0013), price (0006, 0013), views (0022) and search indexes and the pg_trgm extension', async () => {
      const { rows } = await sql<{ indexname: string }>`
        SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`.execute(database.db);
      const names = rows.map((row) => row.indexname);
      for (const index of [
        'users_email_lower_key',
        'products_listed_newest_idx',
        'products_listed_category_newest_idx',
        'products_listed_price_asc_idx',
        'products_listed_price_desc_idx',
        'products_search_idx',
        'products_title_trgm_idx',
        'services_newest_idx',
        'services_search_idx',
        'services_name_trgm_idx',
        'products_listed_price_idx',
        'products_listed_category_price_idx',
        'services_price_idx',
        'services_category_price_idx',
        'products_listed_views_idx',
        'services_views_idx',
      ]) {
        assert.ok(names.includes(index), index);
      }
      const ext = await sql`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`.execute(database.db);
      assert.equal(ext.rows.length, 1);
    });

    it('accepts exactly the shared categories', async () => {
      const user = await insertUser(database.db);
      for (const category of PRODUCT_CATEGORIES) {
        await insertProduct(database.db, { seller_id: user.id, category });
      }
      await assert.rejects(
        insertProduct(database.db, { seller_id: user.id, category: 'Cars' }),
        /check constraint/,
      );
      for (const category of SERVICE_CATEGORIES) {
        await database.db
          .insertInto('services')
          .values({ provider_id: user.id, name: 'x', price: 1, category })
          .execute();
      }
      await assert.rejects(
        database.db
          .insertInto('services')
          .values({ provider_id: user.id, name: 'x', price: 1, category: 'Electronics' })
          .execute(),
        /check constraint/,
      );
    });

    it('enforces prices >= 0 with 2 decimals, unique e-mails ignoring case, one shop per user', async () => {
      const user = await insertUser(database.db, { email: 'Case@Example.com' });
      await assert.rejects(insertProduct(database.db, { seller_id: user.id, price: -1 }), /check constraint/);
      const product = await insertProduct(database.db, { seller_id: user.id, price: 10.555 });
      assert.equal(product.price, '10.56');
      await assert.rejects(insertUser(database.db, { email: 'case@example.COM' }), /duplicate key/);
      await database.db.insertInto('shops').values({ owner_id: user.id, name: 'A' }).execute();
      await assert.rejects(
        database.db.insertInto('shops').values({ owner_id: user.id, name: 'B' }).execute(),
        /duplicate key/,
      );
    });

    it('fills the generated search vector from title (A), description (B) and category (C, migration 0005) without stemming', async () => {
      const user = await insertUser(database.db);
      const product = await insertProduct(database.db, {
        seller_id: user.id,
        title: 'Vitabu vya Textbooks',
        description: 'Running shoes',
      });
      const { rows } = await sql<{
        search: string;
      }>`SELECT search::text AS search FROM products WHERE id = ${product.id}`.execute(database.db);
      assert.equal(rows[0]?.search, "'other':6C 'running':4B 'shoes':5B 'textbooks':3A 'vitabu':1A 'vya':2A");
    });
  });
}

/**
 * What a database holds besides rows (ours, and the job library's schema `pgboss`): tables and
 * columns (types, defaults, nullability), indexes, constraints, functions, triggers, extensions, the applied migrations, the planner statistics.
 */
async function schemaOf(database: DatabaseHandle): Promise<Record<string, string[]>> {
  const list = async (query: ReturnType<typeof sql<{ item: string }>>) =>
    (await query.execute(database.db)).rows.map((row) => row.item).sort();
  return {
    columns: await list(sql`
      SELECT concat_ws(' ', table_name, column_name, data_type, column_default, is_nullable, generation_expression) AS item
      FROM information_schema.columns WHERE table_schema IN ('public', 'pgboss')`),
    indexes: await list(
      sql`SELECT indexdef AS item FROM pg_indexes WHERE schemaname IN ('public', 'pgboss')`,
    ),
    constraints: await list(sql`
      SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(c.oid) AS item
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname IN ('public', 'pgboss')`),
    functions: await list(sql`
      SELECT p.proname || ' ' || pg_get_functiondef(p.oid) AS item
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname IN ('public', 'pgboss') AND p.prokind = 'f'`),
    triggers: await list(
      sql`SELECT tgname || ' ' || pg_get_triggerdef(oid) AS item FROM pg_trigger WHERE NOT tgisinternal`,
    ),
    extensions: await list(sql`SELECT extname || ' ' || extversion AS item FROM pg_extension`),
    migrations: await list(sql`SELECT name AS item FROM kysely_migration`),
  };
}

for (const engine of ENGINES) {
  describe(`the migrated template the apps of the tests start from [${engine}]`, () => {
    let copy: DatabaseHandle;
    let migrated: DatabaseHandle;
    before(async () => {
      [copy, migrated] = await Promise.all([openMigratedTestDatabase(engine), openTestDatabase(engine)]);
    });
    after(async () => {
      await Promise.all([copy?.destroy(), migrated?.destroy()]);
    });

    it('has every migration applied and the schema of a database migrated step by step', async () => {
      const { applied } = await migrateToLatest(copy.db);
      // PGlite always starts from the template; PostgreSQL when the run made one (run-tests.ts).
      if (engine === 'pglite' || postgresTemplateName()) assert.deepEqual(applied, []);
      await migrateToLatest(migrated.db);
      assert.deepEqual(await schemaOf(copy), await schemaOf(migrated));
    });

    it('starts without rows and gives each test its own copy', async () => {
      assert.deepEqual(await copy.db.selectFrom('users').select('id').execute(), []);
      await insertUser(copy.db);
      const other = await openMigratedTestDatabase(engine);
      try {
        await migrateToLatest(other.db);
        assert.deepEqual(await other.db.selectFrom('users').select('id').execute(), []);
      } finally {
        await other.destroy();
      }
    });
  });
}

describe('PGlite folder lock', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'campus-soko-lock-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second open of the same folder with a clear error, and allows it after close', async () => {
    const dataDir = path.join(dir, 'db');
    const first = await createDatabase({ engine: 'pglite', dataDir });
    try {
      await assert.rejects(
        createDatabase({ engine: 'pglite', dataDir }, { lockWaitMs: 0 }),
        (error: unknown) => {
          assert.ok(error instanceof DatabaseLockedError);
          assert.match(error.message, /is in use by another process/);
          assert.ok(error.message.includes(dataDir));
          return true;
        },
      );
    } finally {
      await first.destroy();
    }
    const again = await createDatabase({ engine: 'pglite', dataDir }, { lockWaitMs: 0 });
    await again.destroy();
  });

  it('makes a second process on the same folder exit with the message', async () => {
    const dataDir = path.join(dir, 'shared');
    const holder = await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/migrate.ts'], {
        cwd: API_DIR,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'x'.repeat(40) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      assert.equal(code, 1);
      assert.match(stderr, /Migration failed: The embedded database in .* is in use by another process/);
    } finally {
      await holder.destroy();
    }
  });
});

describe('migrations added out of order', () => {
  it('applies a lower-numbered migration that lands after a higher one ran', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const noop = { up: async () => {} };
      const { applied: first } = await migrateToLatest(database.db, { '0001_a': noop, '0003_c': noop });
      assert.deepEqual(first, ['0001_a', '0003_c']);
      const { applied } = await migrateToLatest(database.db, {
        '0001_a': noop,
        '0002_b': noop,
        '0003_c': noop,
      });
      assert.deepEqual(applied, ['0002_b']);
    } finally {
      await database.destroy();
    }
  });
});
