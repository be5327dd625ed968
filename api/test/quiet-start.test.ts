/**
 * Quiet start (docs/product.md §22.7): building the whole app (every route's schemas compiled by ajv)
 * prints no ajv "strict mode" warning. They used to come from the multipart body descriptions
 * (`properties` without `type: 'object'`) and from `type: ['number', 'string']` prices.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildApp } from '../src/app.ts';
import { testConfig } from './helper.ts';

test('starting the app prints no ajv "strict mode" warning', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-quiet-'));
  const printed: string[] = [];
  const saved = {
    warn: console.warn,
    log: console.log,
    error: console.error,
    stderr: process.stderr.write,
    stdout: process.stdout.write,
  };
  const capture =
    (original: (...args: never[]) => unknown) =>
    (...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
      return (original as (...args: unknown[]) => unknown)(...args);
    };
  console.warn = capture(saved.warn.bind(console));
  console.log = capture(saved.log.bind(console));
  console.error = capture(saved.error.bind(console));
  process.stderr.write = capture(saved.stderr.bind(process.stderr)) as typeof process.stderr.write;
  process.stdout.write = capture(saved.stdout.bind(process.stdout)) as typeof process.stdout.write;
  try {
    // SERVE_STATIC=1 as under npm start: every route, the site's too (it answers 503 without bundles).
    const app = await buildApp(testConfig(dataDir, { SERVE_STATIC: '1', STATIC_ROOT: dataDir }));
    await app.ready();
    await app.close();
  } finally {
    Object.assign(console, { warn: saved.warn, log: saved.log, error: saved.error });
    process.stderr.write = saved.stderr;
    process.stdout.write = saved.stdout;
    await rm(dataDir, { recursive: true, force: true });
  }
  const warnings = printed.filter((line) => /strict mode/i.test(line));
  assert.deepEqual(warnings, [], 'ajv printed strict-mode warnings');
});
