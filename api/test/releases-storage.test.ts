/**
 * Release registry beyond the main API suite (docs/decisions/0029-remote-releases.md): deploy
 * tokens minted by `npm run admin -- token` (hashed in the database, usable once the server
 * starts), and releases kept in an S3 bucket (the s3rver test server): upload, serving with
 * immutable caching and precompressed siblings, pruning removes the objects.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/database.ts';
import { runAdminCommand } from '../src/scripts/admin.ts';
import { buildTestApp, json, TEST_JWT_SECRET } from './helper.ts';
import { makeDist, packDist } from './release-fixtures.ts';
import { type S3Server, startS3Server } from './s3-server.ts';

const packed = async (marker: string) => {
  const dir = await makeDist({ marker });
  try {
    return await packDist(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

describe('deploy tokens minted by npm run admin -- token', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'campus-token-'));
  });
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const env = () => ({ DATA_DIR: dataDir, NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET });

  it('prints the token once, stores only its hash, and the token acts on its own remote only', async () => {
    assert.equal((await runAdminCommand(['token', 'nope'], env())).code, 1);
    const minted = await runAdminCommand(['token', 'auth', 'auth-ci'], env());
    assert.equal(minted.code, 0, minted.message);
    const token = minted.message.split('\n').pop() as string;
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    const database = await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'db') });
    const app = await buildApp(
      loadConfig({ ...env(), LOG_LEVEL: 'silent', SERVE_STATIC: '0', SEED_DEMO: '0' }),
      {
        database,
        logger: false,
      },
    );
    try {
      await app.ready();
      const rows = await app.db.selectFrom('deploy_tokens').selectAll().execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0]?.label, 'auth-ci');
      assert.notEqual(rows[0]?.token_hash, token);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' };
      const other = await app.inject({
        method: 'POST',
        url: '/api/v1/releases/catalog',
        headers,
        payload: await packed('x'),
      });
      assert.equal(other.statusCode, 403);
      assert.match(json(other).message, /This deploy token is for auth, not catalog/);
      const list = await app.inject({
        method: 'GET',
        url: '/api/v1/releases/auth',
        headers: { authorization: headers.authorization },
      });
      assert.equal(list.statusCode, 200);
    } finally {
      await app.close();
    }
  });
});

describe('releases in an S3 bucket', () => {
  let s3: S3Server;
  let app: FastifyInstance;
  const TOKEN = 'catalog-s3-token-0123456789abcdef';
  before(async () => {
    s3 = await startS3Server();
    app = await buildTestApp('pglite', {
      env: { STORAGE_URL: s3.storageUrl('campus-releases'), DEPLOY_TOKENS: `catalog:${TOKEN}` },
    });
  });
  after(async () => {
    await app?.close();
    await s3?.close();
  });

  it('stores a release in the bucket, serves it immutable and precompressed, and removes pruned ones', async () => {
    assert.equal(app.releaseStorage.driver, 's3');
    const upload = async (marker: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/releases/catalog',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/gzip' },
        payload: await packed(marker),
      });
    const first = await upload('s3-first');
    assert.equal(first.statusCode, 201, first.body);
    const { version } = json(first).data.release;
    const base = `/releases/catalog/${version}/`;
    const manifest = await app.inject({ method: 'GET', url: `${base}mf-manifest.json` });
    assert.equal(manifest.statusCode, 200);
    assert.equal(manifest.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(manifest.headers['access-control-allow-origin'], '*');
    assert.equal(JSON.parse(manifest.body).metaData.name, 'catalog');
    const page = await app.inject({
      method: 'GET',
      url: `${base}page.js`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['content-encoding'], 'br');
    assert.match(String(page.headers['content-type']), /javascript/);
    assert.equal(
      (await app.releaseStorage.read('catalog', version, 'server/remoteEntry.js'))?.toString(),
      'module.exports = {};\n',
    );
    assert.equal((await app.inject({ method: 'GET', url: `${base}nope.js` })).statusCode, 404);
    // 11 more releases: the first (never promoted) is pruned, objects and all.
    for (let i = 0; i < 11; i += 1) assert.equal((await upload(`s3-${i}`)).statusCode, 201);
    assert.equal(await app.releaseStorage.read('catalog', version, 'mf-manifest.json'), null);
    assert.equal((await app.inject({ method: 'GET', url: `${base}mf-manifest.json` })).statusCode, 404);
  });
});
