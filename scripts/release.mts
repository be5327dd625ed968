/**
 * `npm run release -- <remote> --site <url> --token <token> [options]`: ships one remote to a
 * running site through its release API (docs/decisions/0029-remote-releases.md).
 *
 * Default: builds the remote (its browser and Node builds: `rspack build --mode production`, in a
 * temporary copy of `mfe-<remote>`, so the checkout's own `dist/` is left alone), writes
 * `release.json` (the page contract hash of this checkout's `@campus/shared`) into the build (the
 * git commit goes in the upload's query, so one build is one content hash whatever the commit),
 * packs it as tar.gz (hidden files left out), uploads it and prints the version and the gate's
 * checks. Then, if asked:
 *   --promote          make the uploaded release current
 *   --canary <percent> show it to that share of visitors (0 ends the canary; no upload then)
 * Without an upload:
 *   --rollback         swap current and previous
 *   --list             the routing, the releases and the audit log
 *   --version <v>      act on an already uploaded version (with --promote or --canary)
 * Options: --no-build (upload the existing dist), --dist <folder> (upload another folder),
 * --git-commit <sha> (default: `git rev-parse HEAD`), --reason <text> (kept in the audit log).
 * The token may also come from RELEASE_TOKEN. Exit code 0 when everything asked for succeeded,
 * 1 otherwise (the site's message is printed).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { contractHash } from '../api/src/releases/contract.ts';
import { packRelease } from '../api/src/releases/pack.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = ['catalog', 'auth', 'dashboard'];

export const USAGE =
  'Usage: npm run release -- <catalog|auth|dashboard> --site <url> --token <token> ' +
  '[--no-build] [--dist <folder>] [--git-commit <sha>] [--promote | --canary <percent>] [--version <v>] ' +
  '[--rollback] [--list] [--reason <text>]';

interface Check {
  name: string;
  status: string;
  message: string;
}

class CliError extends Error {}

async function call(site: string, token: string, method: string, url: string, body?: unknown, type?: string) {
  const response = await fetch(new URL(`/api/v1/releases/${url}`, site), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': type ?? 'application/json' }),
    },
    body: body === undefined ? undefined : type ? new Uint8Array(body as Buffer) : JSON.stringify(body),
  });
  const text = await response.text();
  let answer: { status?: string; message?: string; errors?: Record<string, string>; data?: unknown } = {};
  try {
    answer = JSON.parse(text);
  } catch {
    answer = { message: text.slice(0, 300) };
  }
  if (!response.ok) {
    const details = answer.errors
      ? Object.entries(answer.errors)
          .map(([k, v]) => `\n  ✗ ${k}: ${v}`)
          .join('')
      : '';
    throw new CliError(`${method} ${url}: ${response.status} ${answer.message ?? ''}${details}`);
  }
  return { status: response.status, data: answer.data as Record<string, unknown> };
}

function gitCommit(): string | null {
  const result = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

const routingLine = (routing: {
  current: string | null;
  previous: string | null;
  canary: { version: string; percent: number } | null;
}) =>
  `current ${routing.current ?? '-'}, previous ${routing.previous ?? '-'}, canary ${routing.canary ? `${routing.canary.version} at ${routing.canary.percent} %` : '-'}`;

/**
 * Builds the remote (`rspack build --mode production`: its browser and Node builds) in a copy of
 * its package beside the original (`.release-<remote>-XXXXXX/`, so its config's `../rspack.base`
 * and the workspace's node_modules resolve as usual), never in `mfe-<remote>/dist`: that folder is
 * the build a site started from this checkout serves when nothing is released.
 * @returns the copy's folder (its `dist/` holds the build); the caller removes it
 * @throws CliError when the build fails
 */
function buildCopy(remote: string): string {
  const source = path.join(ROOT, `mfe-${remote}`);
  const copy = mkdtempSync(path.join(ROOT, `.release-${remote}-`));
  for (const entry of ['src', 'public', 'rspack.config.ts', 'package.json', 'tsconfig.json']) {
    if (existsSync(path.join(source, entry)))
      cpSync(path.join(source, entry), path.join(copy, entry), { recursive: true });
  }
  const built = spawnSync('npx', ['rspack', 'build', '--mode', 'production'], {
    cwd: copy,
    stdio: 'inherit',
  });
  if (built.status !== 0) {
    rmSync(copy, { recursive: true, force: true });
    throw new CliError(`the build of mfe-${remote} failed (exit ${built.status})`);
  }
  return copy;
}

/** Runs the CLI with `argv` (the arguments after `--`); returns the exit code. */
export async function main(argv: string[], log = console.log): Promise<number> {
  let values: ReturnType<typeof parse>['values'];
  let remote: string | undefined;
  function parse() {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        site: { type: 'string' },
        token: { type: 'string' },
        'no-build': { type: 'boolean', default: false },
        dist: { type: 'string' },
        'git-commit': { type: 'string' },
        promote: { type: 'boolean', default: false },
        canary: { type: 'string' },
        version: { type: 'string' },
        rollback: { type: 'boolean', default: false },
        list: { type: 'boolean', default: false },
        reason: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
  }
  try {
    const parsed = parse();
    values = parsed.values;
    remote = parsed.positionals[0];
    if (parsed.positionals.length !== 1 || !REMOTES.includes(remote ?? ''))
      throw new Error('one remote expected');
  } catch (error) {
    log(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const site = values.site ?? process.env.RELEASE_SITE;
  const token = values.token ?? process.env.RELEASE_TOKEN;
  if (!site || !token) {
    log(`--site and --token are required (or RELEASE_SITE / RELEASE_TOKEN).\n${USAGE}`);
    return 1;
  }
  const canary = values.canary === undefined ? undefined : Number(values.canary);
  if (canary !== undefined && (!Number.isInteger(canary) || canary < 0 || canary > 100)) {
    log('--canary takes a whole percent from 0 to 100');
    return 1;
  }
  const reason = values.reason;
  let buildFolder: string | null = null;
  try {
    if (values.list) {
      const { data } = await call(site, token, 'GET', remote as string);
      log(`${remote}: ${routingLine(data.routing as never)}`);
      for (const release of data.releases as { version: string; createdAt: string; releasedBy: string }[])
        log(`  ${release.version}  ${release.createdAt}  by ${release.releasedBy}`);
      log('audit:');
      for (const row of (
        data.audit as {
          createdAt: string;
          action: string;
          version: string | null;
          actor: string;
          reason: string | null;
        }[]
      ).slice(0, 20))
        log(
          `  ${row.createdAt}  ${row.action.padEnd(13)} ${row.version ?? '-'}  ${row.actor}${row.reason ? `  (${row.reason})` : ''}`,
        );
      return 0;
    }
    if (values.rollback) {
      const { data } = await call(site, token, 'POST', `${remote}/rollback`, {
        ...(reason ? { reason } : {}),
      });
      log(`rolled back ${remote}: ${routingLine(data.routing as never)}`);
      return 0;
    }
    if (canary === 0) {
      const { data } = await call(site, token, 'PUT', `${remote}/canary`, {
        percent: 0,
        ...(reason ? { reason } : {}),
      });
      log(`canary of ${remote} ended: ${routingLine(data.routing as never)}`);
      return 0;
    }

    let version = values.version;
    if (!version) {
      let dist = values.dist
        ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.dist)
        : path.join(ROOT, `mfe-${remote}`, 'dist');
      if (!values['no-build'] && !values.dist) {
        log(`building mfe-${remote} (browser and Node, production)…`);
        buildFolder = buildCopy(remote as string);
        dist = path.join(buildFolder, 'dist');
      }
      const commit = values['git-commit'] ?? gitCommit();
      const contract = await contractHash(path.join(ROOT, 'shared', 'src'));
      const archive = await packRelease(dist, contract);
      log(`uploading ${dist} (${(archive.length / 1024).toFixed(0)} KB) to ${site}…`);
      const query = commit ? `?gitCommit=${encodeURIComponent(commit)}` : '';
      const { status, data } = await call(
        site,
        token,
        'POST',
        `${remote}${query}`,
        archive,
        'application/gzip',
      );
      const release = data.release as { version: string; checks: Check[] };
      version = release.version;
      log(`${status === 201 ? 'released' : 'already released'} ${remote} ${version}`);
      for (const check of release.checks)
        log(
          `  ${check.status === 'passed' ? '✓' : check.status === 'skipped' ? '–' : '✗'} ${check.name}: ${check.message}`,
        );
    }
    if (values.promote) {
      const { data } = await call(site, token, 'POST', `${remote}/promote`, {
        version,
        ...(reason ? { reason } : {}),
      });
      log(`promoted ${remote} ${version}: ${routingLine(data.routing as never)}`);
    } else if (canary !== undefined) {
      const { data } = await call(site, token, 'PUT', `${remote}/canary`, {
        version,
        percent: canary,
        ...(reason ? { reason } : {}),
      });
      log(`canary ${remote} ${version}: ${routingLine(data.routing as never)}`);
    }
    return 0;
  } catch (error) {
    log(error instanceof CliError ? error.message : `release failed: ${(error as Error).message}`);
    return 1;
  } finally {
    if (buildFolder) rmSync(buildFolder, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`) {
  process.exitCode = await main(process.argv.slice(2));
}
