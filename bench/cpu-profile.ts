/**
 * `npm run cpu-profile -w bench -- FILE.cpuprofile [--last 10] [--requests N] [--top 25]` — where a
 * server's CPU went, from a V8 CPU profile (`node --cpu-prof`, e.g. `bench:api --cpu-prof DIR`;
 * docs/decisions/0044). Not a test: it prints tables.
 *
 * Only the samples of the last `--last` seconds count (the load, not the start-up). Each sample's
 * time goes to the first frame from the leaf up that belongs to a category of `CATEGORIES` (so
 * `writev` under Node's HTTP response counts as "node:http socket writes", a SHA-1 under
 * @fastify/etag as "ETag"); the idle time is left out. With `--requests N` (the requests served
 * in that window) each row also shows µs per request. Also prints the top functions by self time.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Categories of the per-request costs, first match wins, tested against `functionName url` of a
 * frame. Compiled fast-json-stringify serializers are `anonymousN` functions without a URL,
 * compiled Ajv validators `validateN`.
 */
export const CATEGORIES: [string, RegExp][] = [
  ['garbage collector', /^\(garbage collector\)/],
  ['security headers (helmet)', /\/helmet\/|setSecurityHeaders|external\/helmet\.ts/],
  ['metrics (prom-client)', /prom-client|plugins\/app\/metrics\.ts/],
  ['load shedding (under-pressure)', /under-pressure|load-shedding\.ts/],
  ['rate limit', /rate-limit/],
  ['ETag (@fastify/etag)', /@fastify\/etag|serialized-answers\.ts/],
  ['compression (@fastify/compress)', /@fastify\/compress|node:zlib/],
  ['JSON serialization (fast-json-stringify)', /fast-json-stringify|^anonymous\d* $/],
  ['validation (Ajv)', /\/ajv\/|^validate\d+ /],
  ['logging (pino)', /\/pino\/|pino-std-serializers/],
  ['cookies, session (jwt)', /@fastify\/cookie|@fastify\/jwt|fast-jwt|engagement\/visitor/],
  ['multipart hooks', /@fastify\/multipart|external\/multipart\.ts/],
  ['health ping + database driver', /health\/repository|\/pg\/|pg-pool|pg-protocol|kysely/],
  ['response cache, list key, search parse', /catalog\/|lru-cache|shared-answers/],
  ['app hooks (unstorable text, non-finite, Cache-Control)', /api\/src\/common\//],
  ['route handlers', /api\/src\//],
  ['routing (find-my-way)', /find-my-way/],
  ['fastify core', /\/fastify\/lib|\/fastify\/fastify/],
  ['node:http parse and write (socket writes included)', /node:_http/],
  ['promises, ticks, events', /task_queues|node:events|^runMicrotasks |node:timers/],
];

/**
 * Frames that belong to whoever called them (a socket write is the HTTP answer's or the database
 * driver's): skipped when looking for a sample's category.
 */
const PASS_THROUGH =
  /node:net|stream_base_commons|node:internal\/streams|^(writev|writeBuffer|writeUtf8String|writeLatin1String|\(anonymous\)) /;

/** Self time (µs) per category and per function over the profile's last `lastSeconds`. */
export function analyse(profile: Profile, lastSeconds: number) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (frame: CallFrame) => `${frame.functionName} ${frame.url}`;
  const categoryOf = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const text = label(nodes.get(at)!.callFrame);
      if (PASS_THROUGH.test(text)) continue;
      for (const [name, pattern] of CATEGORIES) if (pattern.test(text)) return name;
    }
    return 'other';
  };
  const from = profile.endTime - lastSeconds * 1e6;
  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from) continue;
    const id = profile.samples[i]!;
    const frame = nodes.get(id)!.callFrame;
    const micros = profile.timeDeltas[i + 1] ?? 0;
    if (frame.functionName === '(idle)') continue;
    busy += micros;
    const category = categoryOf(id);
    byCategory.set(category, (byCategory.get(category) ?? 0) + micros);
    const where = frame.url.replace(/.*node_modules\//, '').replace(/.*\/(api|bench)\//, '$1/');
    const name = `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  return { busy, byCategory, byFunction };
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      last: { type: 'string', default: '10' },
      requests: { type: 'string' },
      top: { type: 'string', default: '25' },
    },
  });
  const file = positionals[0];
  if (!file) {
    console.error(
      'Usage: npm run cpu-profile -w bench -- FILE.cpuprofile [--last 10] [--requests N] [--top 25]',
    );
    process.exit(1);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const { busy, byCategory, byFunction } = analyse(profile, Number(values.last));
  const requests = values.requests ? Number(values.requests) : undefined;
  const row = (name: string, micros: number) =>
    `| ${name} | ${((100 * micros) / busy).toFixed(1)} % | ${(micros / 1000).toFixed(0)} |` +
    (requests ? ` ${(micros / requests).toFixed(1)} |` : '');
  const head = requests
    ? '| | share | ms | µs/request |\n|---|---|---|---|'
    : '| | share | ms |\n|---|---|---|';
  console.log(
    `busy ${(busy / 1000).toFixed(0)} ms in the last ${values.last} s${requests ? `, ${requests} requests` : ''}\n`,
  );
  console.log(head);
  for (const [name, micros] of [...byCategory].sort((x, y) => y[1] - x[1])) console.log(row(name, micros));
  console.log(`\ntop functions by self time\n\n${head}`);
  for (const [name, micros] of [...byFunction].sort((x, y) => y[1] - x[1]).slice(0, Number(values.top))) {
    console.log(row(`\`${name}\``, micros));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
