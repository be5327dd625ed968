/**
 * Production build (docs/product.md §22.7): `npm run build -w api` (api/build.mjs) compiles the server
 * into api/dist/server.js, which runs on plain Node (no tsx, no TypeScript at run time), reads
 * its data files from next to it, and starts without ajv warnings; `npm start` and
 * `npm start -w api` run that file, rebuilding it when an input is newer than the build.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { freePort } from '../../scripts/test-machine.mjs';
import { API_BUILD_STAMP, API_SERVER, apiIsStale, buildApi } from '../build.mjs';
import { REPO_ROOT } from '../src/config.ts';
import { CONFIG_ENV_NAMES } from '../src/config-env-names.ts';

describe('api/dist is stale when an input is newer than its stamp', () => {
  const cleanups: string[] = [];
  after(async () => {
    for (const dir of cleanups) await rm(dir, { recursive: true, force: true });
  });

  test('missing stamp, fresh stamp, then an edited source, shared file or lock file', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'campus-build-'));
    cleanups.push(root);
    for (const dir of ['api/src/products', 'api/dist', 'shared/src'])
      mkdirSync(path.join(root, dir), { recursive: true });
    const files = [
      'api/src/products/routes.ts',
      'api/package.json',
      'shared/src/constants.ts',
      'package-lock.json',
    ];
    const old = new Date(Date.now() - 60_000);
    for (const file of files) {
      writeFileSync(path.join(root, file), '');
      utimesSync(path.join(root, file), old, old);
    }
    assert.equal(apiIsStale(root), true, 'no build yet');
    writeFileSync(path.join(root, 'api/dist', API_BUILD_STAMP), 'now');
    assert.equal(apiIsStale(root), false, 'built after every input');
    for (const file of ['api/src/products/routes.ts', 'shared/src/constants.ts', 'package-lock.json']) {
      const later = new Date(Date.now() + 60_000);
      utimesSync(path.join(root, file), later, later);
      assert.equal(apiIsStale(root), true, `${file} edited after the build`);
      utimesSync(path.join(root, file), old, old);
    }
  });
});

describe('the compiled server', () => {
  let child: ChildProcess | undefined;
  let dataDir = '';
  after(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child?.once('exit', resolve));
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('npm start and npm start -w api run api/dist/server.js, never tsx', () => {
    const start = readFileSync(path.join(REPO_ROOT, 'scripts/start.mjs'), 'utf8');
    assert.match(start, /api\/dist\/server\.js/);
    assert.doesNotMatch(start, /from 'tsx/);
    const api = JSON.parse(readFileSync(path.join(REPO_ROOT, 'api/package.json'), 'utf8')).scripts;
    assert.equal(api.start, 'node build.mjs --if-stale && exec node dist/server.js');
    assert.match(api.dev, /tsx watch src\/server\.ts/);
    const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).scripts;
    assert.match(root.build, /^npm run build -w api && /, 'npm run build compiles the API too');
  });

  test('builds, then runs on plain node: ready, data files found, no tsx and no ajv warning', async () => {
    await buildApi();
    assert.equal(apiIsStale(), false);
    const server = path.join(REPO_ROOT, API_SERVER);
    const code = readFileSync(server, 'utf8');
    assert.doesNotMatch(code, /from ["']tsx|from ["'][^"']*\.ts["']/, 'no TypeScript left to load');
    dataDir = await mkdtemp(path.join(tmpdir(), 'campus-dist-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of CONFIG_ENV_NAMES) delete env[key];
    delete env.NODE_OPTIONS;
    Object.assign(env, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      JWT_SECRET: 'dist-test-secret-dist-test-secret-0123456789',
    });
    let output = '';
    child = spawn(process.execPath, [server], { cwd: dataDir, env, stdio: 'pipe' });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      if (child.exitCode !== null) assert.fail(`the compiled server exited (${child.exitCode}):\n${output}`);
      ready = await fetch(`${base}/api/v1/health/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(ready, `not ready within 60 s:\n${output}`);
    // NODE_ENV=production sheds API reads while the event loop lags (ADR 0030), as a server just
    // started on a busy machine may: a shed read (503 with Retry-After) is asked again.
    const served = async (url: string) => {
      for (const deadline = Date.now() + 60_000; ; ) {
        const response = await fetch(url);
        if (response.status !== 503 || !response.headers.has('retry-after') || Date.now() > deadline)
          return response;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const answer = await served(`${base}/api/v1/universities`);
    assert.equal(answer.status, 200, await answer.clone().text());
    const universities = (await answer.json()) as { data: { universities: unknown[] } };
    assert.ok(universities.data.universities.length > 10, 'universities.json was copied next to server.js');
    assert.equal((await served(`${base}/api/v1/products`)).status, 200);
    assert.doesNotMatch(output, /strict mode/);
    assert.doesNotMatch(output, /tsx/);
    // JSON logs on a pipe.
    const firstLine = output.split('\n').find((line) => line.startsWith('{'));
    assert.ok(firstLine && JSON.parse(firstLine).msg, `JSON log lines expected:\n${output.slice(0, 500)}`);
  });
});
