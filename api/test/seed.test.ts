/**
 * The seed CLI with small counts (bench data) on each engine, its argument checks, and the demo
 * seed (pictures rendered, processed and stored; rows in one transaction).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PRODUCT_CATEGORIES } from '@campus/shared/constants';
import { type Kysely, sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { processCover } from '../src/seed/cover-cache.ts';
import { renderCoverImage } from '../src/seed/cover-images.ts';
import { DEMO_PRODUCTS, DEMO_SELLERS, DEMO_SERVICES, DEMO_SHOPS } from '../src/seed/demo-data.ts';
import { DEMO_ALREADY_SEEDED, isDatabaseEmpty, seedDemo } from '../src/seed/seed-demo.ts';
import { LocalStorage } from '../src/uploads/storage.ts';
import { createThrowawayPostgres, ENGINES } from './helper.ts';

const API_DIR = path.resolve(import.meta.dirname, '..');

/** Runs the seed CLI; resolves with its exit code and output. */
function runSeed(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/seed.ts', ...args], {
    cwd: API_DIR,
    env: { ...process.env, JWT_SECRET: 'x'.repeat(40), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

async function count(db: Kysely<Database>, query: ReturnType<typeof sql<{ n: string }>>): Promise<number> {
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n);
}

for (const engine of ENGINES) {
  describe(`seed CLI with counts [${engine}]`, () => {
    let dataDir: string;
    let database: DatabaseHandle;
    let dropPostgres: (() => Promise<void>) | undefined;
    let env: Record<string, string>;

    before(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-seed-'));
      env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      if (engine === 'postgres') {
        const throwaway = await createThrowawayPostgres();
        dropPostgres = throwaway.drop;
        env.DATABASE_URL = throwaway.url;
      }
    });
    after(async () => {
      await database?.destroy();
      await dropPostgres?.();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('inserts generated products, services, shops and category covers', async () => {
      const result = await runSeed(['--products', '60', '--services', '25', '--shops', '3'], env);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /Bench data: 3 users, 3 shops, 60 products, 25 services in \d+ ms/);
      assert.match(result.stdout, /VACUUM ANALYZE/);

      database = await createDatabase(
        engine === 'pglite'
          ? { engine: 'pglite', dataDir: path.join(dataDir, 'db') }
          : { engine: 'postgres', url: env.DATABASE_URL! },
      );
      const db = database.db;
      assert.equal(await count(db, sql`SELECT count(*) AS n FROM products`), 60);
      assert.equal(await count(db, sql`SELECT count(*) AS n FROM services`), 25);
      assert.equal(await count(db, sql`SELECT count(*) AS n FROM shops`), 3);
      assert.equal(
        await count(db, sql`SELECT count(*) AS n FROM products WHERE cover_image IS NULL`),
        6,
        '~10 % without picture',
      );
      assert.equal(await count(db, sql`SELECT count(*) AS n FROM products WHERE status = 'sold'`), 3);
      assert.equal(await count(db, sql`SELECT count(*) AS n FROM products WHERE status = 'reserved'`), 3);
      assert.equal(await count(db, sql`SELECT count(*) AS n FROM products WHERE condition IS NULL`), 12);
      assert.equal(
        await count(db, sql`SELECT count(DISTINCT category) AS n FROM products`),
        PRODUCT_CATEGORIES.length,
      );
      assert.equal(
        await count(db, sql`SELECT count(*) AS n FROM products WHERE shop_id IS NULL`),
        0,
        'every seller has a shop here',
      );
      for (const term of ['textbook:*', 'text:*', 'hp:*', 'calculator:*']) {
        const n = await count(
          db,
          sql`SELECT count(*) AS n FROM products WHERE search @@ to_tsquery('simple', ${term})`,
        );
        assert.ok(n > 0, `${term} finds bench products`);
      }
      const price = await count(
        db,
        sql`SELECT count(*) AS n FROM products WHERE price <> round(price, 2) OR price < 0`,
      );
      assert.equal(price, 0);
      const cover = await db
        .selectFrom('products')
        .select('cover_image')
        .where('cover_image', 'is not', null)
        .executeTakeFirstOrThrow();
      assert.match(cover.cover_image!, /^\/uploads\/bench\/[0-9a-f-]{36}-1200\.webp$/);
      const files = await readdir(path.join(dataDir, 'uploads', 'bench'));
      assert.equal(files.length, 88, '22 categories x 4 variants');
      assert.ok(existsSync(path.join(dataDir, 'uploads', cover.cover_image!.replace('/uploads/', ''))));
    });

    it('adds another run next to the first one', async () => {
      await database.destroy();
      const result = await runSeed(['--products', '5'], env);
      assert.equal(result.code, 0, result.stderr);
      database = await createDatabase(
        engine === 'pglite'
          ? { engine: 'pglite', dataDir: path.join(dataDir, 'db') }
          : { engine: 'postgres', url: env.DATABASE_URL! },
      );
      assert.equal(await count(database.db, sql`SELECT count(*) AS n FROM products`), 65);
    });
  });
}

describe('seed CLI arguments', () => {
  it('rejects a count that is not a whole number, and unknown options', async () => {
    const bad = await runSeed(['--products', 'abc'], { DATABASE_URL: 'memory://' });
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--products must be a whole number/);
    assert.match(bad.stderr, /Usage: npm run seed -w api --/);
    const unknown = await runSeed(['--nope'], { DATABASE_URL: 'memory://' });
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /Unknown option '--nope'/);
  });
});

describe('demo seed', () => {
  let dir: string;
  let database: DatabaseHandle;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'campus-soko-demo-'));
    database = await createDatabase({ engine: 'pglite', dataDir: null });
    await migrateToLatest(database.db);
  });
  after(async () => {
    await database?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('inserts every demo row with processed, stored pictures', async () => {
    const db = database.db;
    assert.equal(await isDatabaseEmpty(db), true);
    const result = await seedDemo(db, new LocalStorage(path.join(dir, 'uploads')), {
      coverCache: path.join(dir, 'cover-cache'),
    });
    assert.equal(await isDatabaseEmpty(db), false);
    const withCover =
      DEMO_PRODUCTS.filter((product) => product.hasCover).length +
      DEMO_SERVICES.filter((service) => service.hasCover).length +
      DEMO_SHOPS.filter((shop) => shop.coverHue !== null).length;
    assert.deepEqual(
      { ...result, ms: 0 },
      {
        users: DEMO_SELLERS.length,
        shops: DEMO_SHOPS.length,
        products: DEMO_PRODUCTS.length,
        services: DEMO_SERVICES.length,
        images: withCover,
        ms: 0,
      },
    );
    assert.equal(await count(db, sql`SELECT count(*) AS n FROM products`), DEMO_PRODUCTS.length);
    assert.equal(await count(db, sql`SELECT count(*) AS n FROM services`), DEMO_SERVICES.length);
    assert.equal(
      await count(db, sql`SELECT count(*) AS n FROM products WHERE cover_image IS NULL`),
      DEMO_PRODUCTS.filter((product) => !product.hasCover).length,
    );
    // Products of a shop owner are in the shop.
    const misplaced = await count(
      db,
      sql`SELECT count(*) AS n FROM products p JOIN shops s ON s.owner_id = p.seller_id WHERE p.shop_id IS DISTINCT FROM s.id`,
    );
    assert.equal(misplaced, 0);
    const files = await readdir(path.join(dir, 'uploads'), { recursive: true });
    assert.equal(files.filter((file) => file.endsWith('.webp')).length, withCover * 4);
    const product = await db
      .selectFrom('products')
      .select(['cover_image', 'cover_thumbnail'])
      .where('cover_image', 'is not', null)
      .executeTakeFirstOrThrow();
    assert.match(product.cover_image!, /^\/uploads\/products\/[0-9a-f-]{36}-1200\.webp$/);
    assert.equal(product.cover_thumbnail, product.cover_image!.replace('-1200.webp', '-400.webp'));
  });

  it('keeps each processed cover in the cache folder, and a second seed stores the cached bytes', async () => {
    const cacheDir = path.join(dir, 'cover-cache');
    const entries = (await readdir(cacheDir)).filter((file) => file.endsWith('.json'));
    assert.ok(entries.length > 0, 'the first seed filled the cache');
    for (const entry of entries) {
      for (const variant of ['large', 'medium', 'thumbnail', 'small']) {
        assert.ok(
          existsSync(path.join(cacheDir, entry.replace('.json', `-${variant}.webp`))),
          `${entry} ${variant}`,
        );
      }
    }
    // Mark every cached 200 px variant: a seed that reads the cache stores these very bytes.
    const marker = await readFile(path.join(cacheDir, entries[0]!.replace('.json', '-large.webp')));
    for (const entry of entries)
      await writeFile(path.join(cacheDir, entry.replace('.json', '-small.webp')), marker);
    const second = await createDatabase({ engine: 'pglite', dataDir: null });
    try {
      await migrateToLatest(second.db);
      const uploads = path.join(dir, 'uploads-second');
      await seedDemo(second.db, new LocalStorage(uploads), { coverCache: cacheDir });
      const small = (await readdir(uploads, { recursive: true })).filter((file) =>
        file.endsWith('-200.webp'),
      );
      assert.ok(small.length > 0);
      for (const file of small) assert.ok(marker.equals(await readFile(path.join(uploads, file))), file);
    } finally {
      await second.destroy();
    }
  });

  it('processes a cover as without a cache when the cache folder cannot be written', async () => {
    const png = await renderCoverImage({ title: 'Unwritable cache', hue: 120 });
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, 'not a folder');
    const image = await processCover(png, path.join(blocker, 'cache'));
    const plain = await processCover(png, null);
    assert.equal(image.width, plain.width);
    assert.ok(image.small.equals(plain.small));
  });

  it('refuses to run twice, before drawing any picture', async () => {
    const before = (await readdir(path.join(dir, 'uploads'), { recursive: true })).length;
    await assert.rejects(seedDemo(database.db, new LocalStorage(path.join(dir, 'uploads'))), {
      message: DEMO_ALREADY_SEEDED,
    });
    const afterFiles = (await readdir(path.join(dir, 'uploads'), { recursive: true })).length;
    assert.equal(afterFiles, before);
    assert.equal(await count(database.db, sql`SELECT count(*) AS n FROM users`), DEMO_SELLERS.length);
  });
});
