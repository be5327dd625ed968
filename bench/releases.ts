/**
 * `npm run bench:releases` (docs/decisions/0029-remote-releases.md, "Serving"): switching remote
 * releases on the running site, measured on one `npm start` process (embedded database, demo
 * data, server rendering on) with real builds of the catalog (copies of `mfe-catalog/dist`, each
 * with its own text, so each is a release of its own):
 * 1. time from a promote to 100 % of responses on the new version: `--connections` clients
 *    request `/products` without pause, each answer's version read from its inline configuration;
 *    the time is from the promote's request to the start of the last request answered with the
 *    old version (0 when none);
 * 2. failed requests (network errors or a status other than 200) during `--load-switches`
 *    promotes under that load, 500 ms apart (target 0);
 * 3. the server's resident memory (`process_resident_memory_bytes` of `/metrics`) after 1 switch
 *    and after `--switches` switches, each switch followed by 5 renders, cycling through
 *    `--releases` releases (more than the 4 versions a process keeps loaded, so old ones are
 *    dropped and loaded again).
 * Writes `releases.md` and `releases.json` into `--out` (default bench/results).
 *
 * Usage: tsx bench/releases.ts [--releases 6] [--switches 50] [--load-switches 10]
 *   [--connections 8] [--out bench/results]
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { contractHash } from '../api/src/releases/contract.ts';
import { packRelease } from '../api/src/releases/pack.ts';
import { gitInfo, loadAverage, machineInfo, ROOT } from './lib/machine.ts';
import { onCleanup, runBenchmark, stopChild } from './lib/processes.ts';
import { startSite } from './lib/site.ts';

const USAGE =
  'Usage: tsx bench/releases.ts [--releases 6] [--switches 50] [--load-switches 10] [--connections 8] [--out bench/results]';
const TOKEN = 'bench-catalog-deploy-token-0123456789';
/** The bench's bearer token for `/metrics` (the site's RSS). */
const METRICS = 'bench-metrics-token-0123456789';
const VERSION_IN_PAGE = /"catalog":\{"entry":"[^"]*","ssrEntry":[^,]*,"version":"([^"]+)"/;

/** The checkout's catalog build with its search label changed to `label`, as a release tar.gz. */
async function catalogRelease(label: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-release-'));
  try {
    await cp(path.join(ROOT, 'mfe-catalog', 'dist'), dir, { recursive: true });
    for (const folder of [dir, path.join(dir, 'server')]) {
      for (const name of await readdir(folder)) {
        if (!name.endsWith('.js')) continue;
        const file = path.join(folder, name);
        const text = await readFile(file, 'utf8');
        if (!text.includes('"Search products"')) continue;
        await writeFile(file, text.replaceAll('"Search products"', JSON.stringify(label)));
        await rm(`${file}.br`, { force: true });
        await rm(`${file}.gz`, { force: true });
      }
    }
    return await packRelease(dir, await contractHash(path.join(ROOT, 'shared', 'src')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface Sample {
  start: number;
  end: number;
  ok: boolean;
  version: string | null;
}

/** Requests `/products` from `connections` clients until `stop()`; every answer is a sample. */
function loadGenerator(origin: string, connections: number) {
  const samples: Sample[] = [];
  let running = true;
  const client = async () => {
    while (running) {
      const start = performance.now();
      try {
        const response = await fetch(`${origin}/products`, {
          headers: { accept: 'text/html', cookie: 'soko_bucket=99' },
        });
        const html = await response.text();
        samples.push({
          start,
          end: performance.now(),
          ok: response.status === 200,
          version: VERSION_IN_PAGE.exec(html)?.[1] ?? null,
        });
      } catch {
        samples.push({ start, end: performance.now(), ok: false, version: null });
      }
    }
  };
  const clients = Array.from({ length: connections }, client);
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      releases: { type: 'string', default: '6' },
      switches: { type: 'string', default: '50' },
      'load-switches': { type: 'string', default: '10' },
      connections: { type: 'string', default: '8' },
      out: { type: 'string', default: path.join(ROOT, 'bench', 'results') },
    },
  });
  const releaseCount = Math.max(2, Number(values.releases));
  const switches = Math.max(1, Number(values.switches));
  const loadSwitches = Math.max(1, Number(values['load-switches']));
  const connections = Math.max(1, Number(values.connections));
  const loadBefore = loadAverage();

  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-releases-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const { started, origin } = await startSite({
    name: 'releases',
    dataDir,
    logFile: path.join(dataDir, 'site.log'),
    serverRendering: 'on',
    // /metrics answers 404 in production without METRICS_TOKEN (ADR 0030): the RSS is read there.
    env: { DEPLOY_TOKENS: `catalog:${TOKEN}`, METRICS_TOKEN: METRICS },
  });
  onCleanup(() => stopChild(started.child));
  const auth = { authorization: `Bearer ${TOKEN}` };
  const promote = async (version: string) => {
    const response = await fetch(`${origin}/api/v1/releases/catalog/promote`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ version }),
    });
    if (response.status !== 200 && response.status !== 409) {
      throw new Error(`promote ${version} answered ${response.status}: ${await response.text()}`);
    }
  };
  const rss = async () => {
    const answer = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } });
    if (!answer.ok) throw new Error(`/metrics answered ${answer.status}`);
    const metrics = await answer.text();
    const value = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(metrics)?.[1];
    return Math.round(Number(value) / 2 ** 20);
  };

  console.log(`[releases] uploading ${releaseCount} catalog releases to ${origin}…`);
  const versions: string[] = [];
  for (let i = 0; i < releaseCount; i += 1) {
    const response = await fetch(`${origin}/api/v1/releases/catalog`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/gzip' },
      body: new Uint8Array(await catalogRelease(`Search products (bench ${i})`)),
    });
    const body = (await response.json()) as { data?: { release: { version: string } }; message?: string };
    if (!body.data) throw new Error(`upload ${i} answered ${response.status}: ${body.message}`);
    versions.push(body.data.release.version);
  }
  const [first = '', second = ''] = versions;
  await promote(first);

  // 1. Promote → 100 % of responses on the new version.
  const load = loadGenerator(origin, connections);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const promotedAt = performance.now();
  await promote(second);
  const promoteAnsweredAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  // 2. Switches under load.
  const switchesStart = performance.now();
  for (let i = 0; i < loadSwitches; i += 1) {
    await promote(i % 2 === 0 ? first : second);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await load.stop();
  const afterPromote = load.samples.filter(
    (sample) => sample.start >= promotedAt && sample.start < switchesStart,
  );
  // A page without the inline configuration is the client-rendered fallback (the render failed
  // or timed out): counted apart, it names no version.
  const lastOld = afterPromote
    .filter((sample) => sample.version !== null && sample.version !== second)
    .at(-1);
  const fallbacks = load.samples.filter((sample) => sample.ok && sample.version === null).length;
  const propagationMs = lastOld ? Math.max(0, lastOld.start - promotedAt) : 0;
  const duringSwitches = load.samples.filter((sample) => sample.start >= switchesStart);
  const failed = duringSwitches.filter((sample) => !sample.ok).length;
  const failedAll = load.samples.filter((sample) => !sample.ok).length;

  // 3. Memory after 1 switch and after `switches` switches (5 renders each).
  const renders = async () => {
    for (let i = 0; i < 5; i += 1)
      await (await fetch(`${origin}/products`, { headers: { accept: 'text/html' } })).text();
  };
  await promote(versions[2 % versions.length] ?? first);
  await renders();
  const rssAfter1 = await rss();
  for (let i = 1; i < switches; i += 1) {
    await promote(versions[(i + 2) % versions.length] ?? first);
    await renders();
  }
  const rssAfterAll = await rss();

  const result = {
    benchmark: 'releases',
    date: new Date().toISOString(),
    git: gitInfo(),
    machine: { ...machineInfo(), loadAverageBefore: loadBefore, loadAverageAfter: loadAverage() },
    sizes: { releases: releaseCount, switches, loadSwitches, connections },
    propagation: {
      promoteToAllNewMs: Math.round(propagationMs),
      promoteAnswerMs: Math.round(promoteAnsweredAt - promotedAt),
      responsesAfterPromote: afterPromote.length,
    },
    switchesUnderLoad: {
      requests: duringSwitches.length,
      failed,
      failedWholeRun: failedAll,
      clientRenderedFallbacks: fallbacks,
    },
    memory: {
      rssAfter1SwitchMB: rssAfter1,
      rssAfterSwitchesMB: rssAfterAll,
      growthMB: rssAfterAll - rssAfter1,
    },
    targets: [
      {
        name: 'promote → every process serves it (ms)',
        target: '≤ 5000',
        value: Math.round(propagationMs),
        met: propagationMs <= 5000,
      },
      {
        name: `failed requests during ${loadSwitches} switches under load`,
        target: '0',
        value: failed,
        met: failed === 0,
      },
      {
        name: `RSS after ${switches} switches vs after 1 (MB)`,
        target: 'bounded',
        value: rssAfterAll - rssAfter1,
        met: null,
      },
    ],
  };
  const out = values.out as string;
  await writeFile(path.join(out, 'releases.json'), `${JSON.stringify(result, null, 2)}\n`);
  const md = `# Releases benchmark

${result.date}, commit ${result.git.commit}; ${result.machine.cores} cores (${result.machine.cpuModel}), Node ${result.machine.node}; load average before ${loadBefore.join(' / ')}, after ${result.machine.loadAverageAfter.join(' / ')}.
One \`npm start\` process (embedded database, demo data, server rendering on), ${releaseCount} real catalog builds released, ${connections} clients requesting \`/products\` without pause.

| measure | value |
|---|---|
| promote → 100 % of responses on the new version | ${result.propagation.promoteToAllNewMs} ms (the promote's answer took ${result.propagation.promoteAnswerMs} ms; ${afterPromote.length} responses in the 3 s after it) |
| failed requests during ${loadSwitches} switches under load (500 ms apart) | ${failed} of ${duringSwitches.length} (whole run: ${failedAll}) |
| pages sent client-rendered (200, the server render failed or timed out) | ${fallbacks} of ${load.samples.length} |
| RSS after 1 switch | ${rssAfter1} MB |
| RSS after ${switches} switches (cycling ${releaseCount} releases, 5 renders each) | ${rssAfterAll} MB (${rssAfterAll - rssAfter1 >= 0 ? '+' : ''}${rssAfterAll - rssAfter1} MB) |

## Targets

${result.targets.map((t) => `- ${t.name}: ${t.value} (target ${t.target}${t.met === null ? '' : t.met ? ', met' : ', NOT met'})`).join('\n')}

## Notes

- A process keeps at most 4 versions of a remote's server code loaded (host/src/server/versioned-remotes.ts); cycling ${releaseCount} releases drops and reloads versions, so memory growth here is what the runtime keeps after a version is forgotten.
- With several processes, the other processes see a promote through Redis pub/sub or their 2 s poll (api/test/scale-out.test.ts).
`;
  await writeFile(path.join(out, 'releases.md'), md);
  console.log(md);
}

void runBenchmark('releases', USAGE, main);
