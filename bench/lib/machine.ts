/**
 * What the results files say about the machine and the code measured: cores, load average,
 * memory, package versions, the git commit (and whether the work tree had local changes).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Repository root (bench/lib → two levels up). */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * `p` as an absolute path, a relative one taken from the folder the command was typed in:
 * npm's `INIT_CWD` (the root aliases `npm run bench:*` run the scripts inside `bench/`, the
 * workspace's folder), else the process's working directory.
 */
export function fromCaller(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

export interface MachineInfo {
  cores: number;
  cpuModel: string;
  memoryMB: number;
  platform: string;
  node: string;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cores: os.availableParallelism?.() ?? cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryMB: Math.round(os.totalmem() / 2 ** 20),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

/** The 1, 5 and 15 minute load averages, two decimals. */
export function loadAverage(): [number, number, number] {
  const [a = 0, b = 0, c = 0] = os.loadavg();
  return [a, b, c].map((value) => Math.round(value * 100) / 100) as [number, number, number];
}

/**
 * Version of an installed package, read from its package.json in the root's or a workspace's
 * node_modules (some packages' `exports` hide package.json from `require.resolve`); 'missing' if absent.
 */
export function packageVersion(name: string): string {
  for (const base of ['', 'api', 'e2e', 'shared', 'host']) {
    try {
      const file = path.join(ROOT, base, 'node_modules', name, 'package.json');
      return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    } catch {
      // try the next folder
    }
  }
  return 'missing';
}

export interface GitInfo {
  commit: string;
  /** Files with uncommitted changes when the benchmark ran (they were measured too). */
  changedFiles: number;
}

export function gitInfo(): GitInfo {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    return { commit, changedFiles: status.split('\n').filter(Boolean).length };
  } catch {
    return { commit: 'unknown', changedFiles: 0 };
  }
}
