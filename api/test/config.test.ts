/**
 * loadConfig: defaults, validation errors, the generated JWT secret (ARCHITECTURE "Runtime contract").
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig, REPO_ROOT } from '../src/config.ts';

describe('loadConfig', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'campus-soko-config-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(32) });
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.nodeEnv, 'development');
    assert.equal(config.isProduction, false);
    assert.deepEqual(config.database, { engine: 'pglite', dataDir: path.join(dir, 'db') });
    assert.equal(config.uploadsDir, path.join(dir, 'uploads'));
    assert.equal(config.publicUrl, 'http://localhost:8080');
    assert.equal(config.smtpUrl, null);
    assert.equal(config.seedDemo, true);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.staticRoot, REPO_ROOT);
    assert.equal(config.serveStatic, false);
    assert.deepEqual(config.remotes, {
      catalog: '/remotes/catalog/mf-manifest.json',
      auth: '/remotes/auth/mf-manifest.json',
      dashboard: '/remotes/dashboard/mf-manifest.json',
    });
    assert.equal(loadConfig({ JWT_SECRET: 's'.repeat(32) }).dataDir, path.join(REPO_ROOT, 'data'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      SMTP_URL: 'smtp://localhost:1025',
      PUBLIC_URL: 'https://soko.example.ac.ke/',
      JWT_SECRET: 's'.repeat(40),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      STATIC_ROOT: '/srv/site',
      REMOTE_CATALOG_URL: 'https://cdn.example.com/catalog/mf-manifest.json',
      SERVE_STATIC: 'false',
    });
    assert.equal(config.port, 4000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.isProduction, true);
    assert.deepEqual(config.database, { engine: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' });
    assert.equal(config.smtpUrl, 'smtp://localhost:1025');
    assert.equal(config.publicUrl, 'https://soko.example.ac.ke');
    assert.equal(config.seedDemo, false);
    assert.equal(config.logLevel, 'warn');
    assert.equal(config.staticRoot, '/srv/site');
    assert.equal(config.remotes.catalog, 'https://cdn.example.com/catalog/mf-manifest.json');
    assert.equal(config.serveStatic, false, 'SERVE_STATIC overrides the production default');
    assert.equal(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's'.repeat(32), DATA_DIR: dir }).serveStatic,
      true,
    );
    assert.equal(
      loadConfig({ PORT: '4000', DATA_DIR: dir, JWT_SECRET: 's'.repeat(32) }).publicUrl,
      'http://localhost:4000',
    );
  });

  it('treats empty variables as unset and supports an in-memory database', () => {
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(32), DATABASE_URL: '', PORT: ' ' });
    assert.equal(config.port, 8080);
    assert.equal(config.database.engine, 'pglite');
    assert.deepEqual(
      loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(32), DATABASE_URL: 'memory://' }).database,
      {
        engine: 'pglite',
        dataDir: null,
      },
    );
  });

  it('rejects invalid values naming the variable', () => {
    const base = { DATA_DIR: dir, JWT_SECRET: 's'.repeat(32) };
    assert.throws(() => loadConfig({ ...base, PORT: '70000' }), /PORT must be <= 65535/);
    assert.throws(() => loadConfig({ ...base, PORT: 'abc' }), /PORT must be integer/);
    assert.throws(
      () => loadConfig({ ...base, NODE_ENV: 'staging' }),
      /NODE_ENV must be equal to one of the allowed values/,
    );
    assert.throws(
      () => loadConfig({ ...base, DATABASE_URL: 'mysql://x' }),
      /DATABASE_URL must match pattern/,
    );
    assert.throws(
      () => loadConfig({ ...base, JWT_SECRET: 'short' }),
      /JWT_SECRET must NOT have fewer than 32 characters/,
    );
    assert.throws(() => loadConfig({ ...base, SEED_DEMO: 'maybe' }), /SEED_DEMO/);
  });

  it('generates a JWT secret once in DATA_DIR and reuses it', async () => {
    const secretDir = path.join(dir, 'secret');
    const first = loadConfig({ DATA_DIR: secretDir });
    assert.ok(first.jwtSecret.length >= 64, '48 random bytes, base64url');
    const file = path.join(secretDir, 'jwt-secret');
    assert.equal((await readFile(file, 'utf8')).trim(), first.jwtSecret);
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.equal(loadConfig({ DATA_DIR: secretDir }).jwtSecret, first.jwtSecret);
    assert.equal(loadConfig({ DATA_DIR: secretDir, JWT_SECRET: 'e'.repeat(32) }).jwtSecret, 'e'.repeat(32));
  });
});
