/**
 * Tests of LocalStorage and storeImageVariants on a temporary directory.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  LocalStorage,
  nearestStoredVariant,
  type Storage,
  storeImageVariants,
} from '../src/uploads/storage.ts';

let dir: string;
let storage: LocalStorage;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'campus-soko-storage-'));
  storage = new LocalStorage(dir);
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('LocalStorage', () => {
  it('writes a file, returns its URL path, and reads back the same bytes', async () => {
    const url = await storage.put('products/abc-1200.webp', Buffer.from('first'), 'image/webp');
    assert.equal(url, '/uploads/products/abc-1200.webp');
    assert.equal(await readFile(path.join(dir, 'products', 'abc-1200.webp'), 'utf8'), 'first');
    assert.equal(storage.pathFor('products/abc-1200.webp'), path.join(dir, 'products', 'abc-1200.webp'));
  });

  it('replaces an existing file and leaves no temporary file', async () => {
    await storage.put('products/abc-1200.webp', Buffer.from('second'), 'image/webp');
    assert.equal(await readFile(path.join(dir, 'products', 'abc-1200.webp'), 'utf8'), 'second');
    assert.deepEqual(await listFiles(dir), [path.join('products', 'abc-1200.webp')]);
  });

  it('deletes a file, and deleting a missing key is not an error', async () => {
    await storage.delete('products/abc-1200.webp');
    await assert.rejects(readFile(path.join(dir, 'products', 'abc-1200.webp')), { code: 'ENOENT' });
    await storage.delete('products/abc-1200.webp');
    await storage.delete('never/existed.webp');
  });

  it('honours a custom public prefix', async () => {
    const custom = new LocalStorage(dir, '/static/files/');
    assert.equal(
      await custom.put('shops/x.webp', Buffer.from('x'), 'image/webp'),
      '/static/files/shops/x.webp',
    );
    await custom.delete('shops/x.webp');
  });

  for (const key of [
    '../x',
    'a/../../x',
    'products/../../etc/passwd',
    '/etc/passwd',
    'a\\b',
    '..',
    '',
    'a//b',
    'a/',
    '.hidden',
    'C:/x',
  ]) {
    it(`refuses the key ${JSON.stringify(key)}`, async () => {
      await assert.rejects(storage.put(key, Buffer.from('nope'), 'text/plain'), /Invalid storage key/);
      await assert.rejects(storage.delete(key), /Invalid storage key/);
    });
  }

  it('wrote nothing outside its directory', async () => {
    await assert.rejects(readFile(path.join(dir, '..', 'x')), { code: 'ENOENT' });
  });
});

describe('storeImageVariants', () => {
  it('stores <folder>/<uuid>-1200.webp and <folder>/<uuid>-400.webp', async () => {
    const stored = await storeImageVariants(storage, 'services', {
      large: Buffer.from('LARGE'),
      thumbnail: Buffer.from('THUMB'),
    });
    const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
    assert.match(stored.coverImage, new RegExp(`^/uploads/services/${uuid}-1200\\.webp$`));
    assert.match(stored.coverThumbnail, new RegExp(`^/uploads/services/${uuid}-400\\.webp$`));
    assert.deepEqual(stored.keys, [
      stored.coverImage.replace('/uploads/', ''),
      stored.coverThumbnail.replace('/uploads/', ''),
    ]);
    assert.equal(await readFile(storage.pathFor(stored.keys[0]!), 'utf8'), 'LARGE');
    assert.equal(await readFile(storage.pathFor(stored.keys[1]!), 'utf8'), 'THUMB');
    for (const key of stored.keys) await storage.delete(key);
  });

  it('stores the 800 px and 200 px variants beside them when given (§23)', async () => {
    const stored = await storeImageVariants(storage, 'products', {
      large: Buffer.from('L1200'),
      medium: Buffer.from('M800'),
      thumbnail: Buffer.from('T400'),
      small: Buffer.from('S200'),
    });
    const stem = stored.coverImage.replace('/uploads/', '').replace(/-1200\.webp$/, '');
    assert.deepEqual(stored.keys.sort(), [1200, 200, 400, 800].map((w) => `${stem}-${w}.webp`).sort());
    assert.equal(await readFile(storage.pathFor(`${stem}-800.webp`), 'utf8'), 'M800');
    assert.equal(await readFile(storage.pathFor(`${stem}-200.webp`), 'utf8'), 'S200');
    for (const key of stored.keys) await storage.delete(key);
  });

  it('removes the variant already written when the other write fails', async () => {
    const written = new Set<string>();
    const deleted: string[] = [];
    const failing: Storage = {
      async put(key) {
        if (key.endsWith('-400.webp')) throw new Error('disk full');
        written.add(key);
        return `/uploads/${key}`;
      },
      async delete(key) {
        deleted.push(key);
        written.delete(key);
      },
    };
    await assert.rejects(
      storeImageVariants(failing, 'products', { large: Buffer.from('L'), thumbnail: Buffer.from('T') }),
      /disk full/,
    );
    assert.equal(written.size, 0);
    assert.equal(deleted.length, 2);
  });

  it('nearestStoredVariant answers the next larger stored sibling, else the next smaller', async () => {
    const stored = new Set(['products/a-1200.webp', 'products/a-400.webp']);
    const exists = async (key: string) => stored.has(key);
    assert.equal(await nearestStoredVariant('products/a-200.webp', exists), 'products/a-400.webp');
    assert.equal(await nearestStoredVariant('products/a-800.webp', exists), 'products/a-1200.webp');
    stored.delete('products/a-1200.webp');
    assert.equal(await nearestStoredVariant('products/a-800.webp', exists), 'products/a-400.webp');
    assert.equal(await nearestStoredVariant('products/b-200.webp', exists), null);
    assert.equal(await nearestStoredVariant('products/a-300.webp', exists), null);
    assert.equal(await nearestStoredVariant('products/a.webp', exists), null);
  });

  it('refuses an unsafe folder', async () => {
    await assert.rejects(
      storeImageVariants(storage, '../outside', { large: Buffer.from('L'), thumbnail: Buffer.from('T') }),
      /Invalid storage key/,
    );
  });
});
