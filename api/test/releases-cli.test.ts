/**
 * `npm run release` (scripts/release.mts, docs/decisions/0029-remote-releases.md) against a real
 * listening app: upload of a fixture dist with --dist and --promote, --canary, --list,
 * --rollback, a refusal's message and exit code, and usage errors.
 */
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { main } from '../../scripts/release.mts';
import { buildTestApp } from './helper.ts';
import { makeDist } from './release-fixtures.ts';

const TOKEN = 'catalog-cli-token-0123456789abcdef';

describe('npm run release', () => {
  let app: FastifyInstance;
  let site: string;
  const dirs: string[] = [];
  before(async () => {
    app = await buildTestApp('pglite', { env: { DEPLOY_TOKENS: `catalog:${TOKEN}` } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    site = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await app?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const run = async (args: string[]) => {
    const lines: string[] = [];
    const code = await main(args, (line: string) => lines.push(line));
    return { code, out: lines.join('\n') };
  };
  const dist = async (options: Parameters<typeof makeDist>[0]) => {
    const dir = await makeDist(options);
    dirs.push(dir);
    return dir;
  };

  it('uploads, promotes, canaries, lists and rolls back; a refusal exits 1 with the gate’s message', async () => {
    const common = ['catalog', '--site', site, '--token', TOKEN];
    const first = await run([
      ...common,
      '--dist',
      await dist({ marker: 'cli-1' }),
      '--git-commit',
      'abcdef0123',
      '--promote',
    ]);
    assert.equal(first.code, 0, first.out);
    const version = /released catalog (\S+)/.exec(first.out)?.[1];
    assert.match(version ?? '', /^abcdef0-[0-9a-f]{12}$/);
    assert.match(first.out, /✓ exposes: exposes every module the host loads/);
    assert.match(first.out, new RegExp(`promoted catalog ${version}: current ${version}`));
    const second = await run([...common, '--dist', await dist({ marker: 'cli-2' }), '--canary', '30']);
    assert.equal(second.code, 0, second.out);
    assert.match(second.out, /canary \S+ at 30 %/);
    const refused = await run([...common, '--dist', await dist({ dropExposes: ['ShopPage'] })]);
    assert.equal(refused.code, 1);
    assert.match(
      refused.out,
      /422 Release of catalog refused: missing exposed module the host loads: catalog\/ShopPage/,
    );
    assert.match(refused.out, /✗ exposes: /);
    const rolled = await run([...common, '--rollback', '--reason', 'cli test']);
    assert.equal(rolled.code, 0, rolled.out);
    const list = await run([...common, '--list']);
    assert.equal(list.code, 0);
    assert.match(list.out, /rollback\s+- {2}env:catalog {2}\(cli test\)/);
    assert.match(list.out, /refuse/);
    const ended = await run([...common, '--canary', '0']);
    assert.equal(ended.code, 0, ended.out);
    assert.equal((await app.releases.routing()).catalog.canary, null);
  });

  it('usage errors exit 1 without calling the site', async () => {
    assert.equal((await run(['shop', '--site', site, '--token', TOKEN])).code, 1);
    assert.equal((await run(['catalog', '--token', TOKEN])).code, 1);
    assert.equal((await run(['catalog', '--site', site, '--token', TOKEN, '--canary', '150'])).code, 1);
    assert.equal((await run(['catalog', '--site', site, '--token', TOKEN, '--bogus'])).code, 1);
  });
});
