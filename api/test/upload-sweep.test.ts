/**
 * Crash leftovers (ADR 0012): temporary files under /uploads are never served, and the
 * sweep that runs when the app starts removes old temporary files (`*.tmp` in the uploads
 * folder, spooled `*.upload` files in DATA_DIR/tmp) and orphan pictures (older than an hour, no
 * row refers to either variant) while keeping referenced pictures, a photo's 400 px sibling,
 * young files, and files that are not ours.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { insertProduct, insertUser } from './fixtures.ts';
import { ENGINES, openTestDatabase, testConfig } from './helper.ts';

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 3_600_000);
const TWENTY_MINUTES_AGO = new Date(Date.now() - 20 * 60_000);

for (const engine of ENGINES) {
  describe(`upload sweep and temporary files [${engine}]`, () => {
    let app: FastifyInstance | undefined;
    let dataDir: string;
    after(async () => {
      await app?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    /** Writes `relative` under `root` with the given modification time. */
    const put = async (root: string, relative: string, mtime: Date) => {
      const file = path.join(root, relative);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'x');
      await utimes(file, mtime, mtime);
      return file;
    };

    it('at start removes old temporary files and orphan pictures, keeps the rest; .tmp answers 404', async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-sweep-'));
      const config = testConfig(dataDir);
      const uploads = config.uploadsDir;
      const [orphan, referenced, photo, young, avatar] = [1, 2, 3, 4, 5].map(() => randomUUID());

      // Swept: an old orphan picture (both variants), old temporary files of both kinds.
      await put(uploads, `products/${orphan}-1200.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${orphan}-400.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${orphan}-800.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${orphan}-200.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${orphan}-800.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${orphan}-200.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${referenced}-1200.webp.${randomUUID()}.tmp`, TWENTY_MINUTES_AGO);
      await put(config.tempDir, `${randomUUID()}.upload`, TWENTY_MINUTES_AGO);
      // Kept: referenced cover (both variants), a photo whose 400 px sibling is not in the
      // database, a referenced avatar, a young orphan, a young .tmp, a file not named like ours.
      await put(uploads, `products/${referenced}-1200.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${referenced}-400.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${referenced}-800.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${photo}-200.webp`, TWO_HOURS_AGO);
      // The 800/200 px siblings (docs/product.md §23) are found by name, never referenced in the database.
      await put(uploads, `products/${referenced}-800.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${referenced}-200.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${photo}-1200.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${photo}-400.webp`, TWO_HOURS_AGO);
      await put(uploads, `avatars/${avatar}-400.webp`, TWO_HOURS_AGO);
      await put(uploads, `products/${young}-1200.webp`, new Date());
      const youngTemp = `products/${young}-400.webp.${randomUUID()}.tmp`;
      await put(uploads, youngTemp, new Date());
      await put(uploads, 'products/README.txt', TWO_HOURS_AGO);
      const youngSpool = `${randomUUID()}.upload`;
      await put(config.tempDir, youngSpool, new Date());

      const database = await openTestDatabase(engine);
      try {
        await migrateToLatest(database.db);
        const seller = await insertUser(database.db, { photo: `/uploads/avatars/${avatar}-400.webp` });
        await insertProduct(database.db, {
          seller_id: seller.id,
          cover_image: `/uploads/products/${referenced}-1200.webp`,
          cover_thumbnail: `/uploads/products/${referenced}-400.webp`,
          photos: [`/uploads/products/${photo}-1200.webp`],
        });
      } catch (error) {
        await database.destroy();
        throw error;
      }
      const server = await buildApp(config, { database, logger: false });
      app = server;
      await server.ready();

      const exists = (relative: string) => existsSync(path.join(uploads, relative));
      assert.equal(exists(`products/${orphan}-1200.webp`), false, 'old orphan (1200) swept');
      assert.equal(exists(`products/${orphan}-400.webp`), false, 'old orphan (400) swept');
      assert.equal(exists(`products/${orphan}-800.webp`), false, 'old orphan (800) swept');
      assert.equal(exists(`products/${orphan}-200.webp`), false, 'old orphan (200) swept');
      assert.equal(exists(`products/${orphan}-800.webp`), false, 'old orphan (800) swept');
      assert.equal(exists(`products/${orphan}-200.webp`), false, 'old orphan (200) swept');
      for (const kept of [
        `products/${referenced}-1200.webp`,
        `products/${referenced}-400.webp`,
        `products/${referenced}-800.webp`,
        `products/${referenced}-200.webp`,
        `products/${photo}-1200.webp`,
        `products/${photo}-400.webp`,
        `avatars/${avatar}-400.webp`,
        `products/${young}-1200.webp`,
        youngTemp,
        'products/README.txt',
      ]) {
        assert.ok(exists(kept), `${kept} kept`);
      }
      assert.deepEqual(
        await readdir(config.tempDir),
        [youngSpool],
        'old spooled upload swept, young one kept',
      );
      const tmpLeft = (await readdir(path.join(uploads, 'products'))).filter((name) => name.endsWith('.tmp'));
      assert.deepEqual(tmpLeft, [path.basename(youngTemp)]);

      // A temporary file is never served, even with an encoded dot; real pictures are.
      for (const url of [`/uploads/${youngTemp}`, `/uploads/${youngTemp.replace(/\.tmp$/, '%2Etmp')}`]) {
        const response = await server.inject({ url });
        assert.equal(response.statusCode, 404, `${url} → ${response.statusCode}`);
      }
      assert.equal(
        (await server.inject({ url: `/uploads/products/${referenced}-1200.webp` })).statusCode,
        200,
      );
    });
  });
}
