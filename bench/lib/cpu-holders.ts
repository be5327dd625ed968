/**
 * Who held the CPUs while the page's main thread waited for one (docs/product.md §23, ADR 0027).
 *
 * A Chrome trace tells how long each task of the page's renderer main thread took (wall, `dur`)
 * and how much of it the thread ran (`tdur`), not why it did not run the rest. Linux's scheduler
 * trace does: recorded around one Lighthouse page load (tracefs, `sched_switch` and
 * `sched_wakeup`, CLOCK_MONOTONIC like Chromium's trace clock, with each thread's process ID), it
 * splits the main thread's long tasks into *running*, *waiting for a CPU* (runnable: preempted or
 * woken, not yet on a CPU) and *blocked* (asleep on I/O, a lock or another thread), and names
 * what ran on the CPUs during the waits: the browser's other processes, the site's server,
 * Lighthouse, other programs of the machine, or nothing (a free CPU: wake-up latency).
 *
 * Recording needs root and tracefs (`/sys/kernel/tracing`); `startSchedRecording` returns null
 * where it cannot record.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageMainThread, type TraceEvent } from './main-thread-waits.ts';

/** Where tracefs is mounted on current kernels. */
export const TRACEFS = '/sys/kernel/tracing';

/** Per-CPU ring buffer for the recording, KB: one page load of a busy browser is ~200 000 events. */
const BUFFER_KB = 65_536;

/** A scheduler trace being recorded; `stop` ends it and returns the trace's text. */
export interface SchedRecording {
  /** @throws when the kernel dropped events (the buffer overflowed) */
  stop(): string;
}

/**
 * Starts recording `sched_switch` and `sched_wakeup` events of every CPU, with CLOCK_MONOTONIC
 * timestamps and thread-group (process) IDs, after clearing the buffer.
 * @param root tracefs' mount point
 * @returns null when tracefs is not there or not writable (not root)
 */
export function startSchedRecording(root = TRACEFS): SchedRecording | null {
  const file = (name: string) => path.join(root, name);
  const write = (name: string, value: string) => writeFileSync(file(name), value);
  if (!existsSync(file('events/sched/sched_switch/enable'))) return null;
  const previousClock = /\[(\w+)\]/.exec(readFileSync(file('trace_clock'), 'utf8'))?.[1] ?? 'local';
  const events = ['events/sched/sched_switch/enable', 'events/sched/sched_wakeup/enable'];
  try {
    write('tracing_on', '0');
    write('trace', '');
    write('trace_clock', 'mono');
    write('buffer_size_kb', String(BUFFER_KB));
    write('options/record-tgid', '1');
    for (const event of events) write(event, '1');
    write('tracing_on', '1');
  } catch {
    return null;
  }
  return {
    stop() {
      write('tracing_on', '0');
      const text = readFileSync(file('trace'), 'utf8');
      for (const event of events) write(event, '0');
      write('options/record-tgid', '0');
      write('trace_clock', previousClock);
      write('trace', '');
      const counts = /entries-in-buffer\/entries-written: (\d+)\/(\d+)/.exec(text);
      if (counts && counts[1] !== counts[2]) {
        throw new Error(
          `the scheduler trace lost events (${counts[1]} of ${counts[2]} kept): raise BUFFER_KB`,
        );
      }
      return text;
    },
  };
}

/** True when tracefs is mounted at `root` (its folder is not empty). */
export function tracefsMounted(root = TRACEFS): boolean {
  try {
    return readdirSync(root).length > 0;
  } catch {
    return false;
  }
}

/**
 * Mounts tracefs at `root` when it is not mounted yet (root only).
 * @returns whether it is mounted now
 */
export function ensureTracefs(root = TRACEFS): boolean {
  if (tracefsMounted(root)) return true;
  spawnSync('mount', ['-t', 'tracefs', 'nodev', root], { stdio: 'ignore' });
  return tracefsMounted(root);
}

/** One context switch on a CPU: `prevTid` leaves it in `prevState` (R = still runnable), `nextTid` runs. */
export interface SchedSwitch {
  /** µs, CLOCK_MONOTONIC */
  ts: number;
  cpu: number;
  prevTid: number;
  prevState: string;
  nextTid: number;
}

/** A scheduler trace read into events, and what it tells about threads. */
export interface SchedTrace {
  switches: SchedSwitch[];
  /** Threads made runnable: `tid` at `ts` (µs). */
  wakeups: { ts: number; tid: number }[];
  /** Process (thread group) ID of each thread seen running. */
  tgidOf: Map<number, number>;
  /** Name (`comm`) of each thread seen, as the kernel had it. */
  commOf: Map<number, string>;
}

// "  <comm>-<tid> (<tgid>) [<cpu>] <flags> <seconds>: <event>: <fields>"; comm may hold spaces or dashes.
const LINE =
  /^\s*(.+)-(\d+)\s+\(\s*([-\d]+)\)\s+\[(\d+)\]\s+\S+\s+(\d+\.\d+): (sched_switch|sched_wakeup): (.*)$/;
const FIELD = /(\w+)=(\S+)/g;

/** Reads the text of a recording (`record-tgid` on) into events, in time order. */
export function parseSchedTrace(text: string): SchedTrace {
  const trace: SchedTrace = { switches: [], wakeups: [], tgidOf: new Map(), commOf: new Map() };
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, comm = '', tid = '', tgid = '', cpu = '', seconds = '', event = '', rest = ''] = match;
    const ts = Math.round(Number(seconds) * 1e6);
    if (/^\d+$/.test(tgid)) trace.tgidOf.set(Number(tid), Number(tgid));
    trace.commOf.set(Number(tid), comm);
    const fields: Record<string, string> = Object.fromEntries(
      [...rest.matchAll(FIELD)].map((m) => [m[1], m[2]]),
    );
    if (event === 'sched_switch') {
      trace.commOf.set(Number(fields.next_pid), fields.next_comm ?? '');
      trace.switches.push({
        ts,
        cpu: Number(cpu),
        prevTid: Number(fields.prev_pid),
        prevState: fields.prev_state ?? '',
        nextTid: Number(fields.next_pid),
      });
    } else {
      trace.wakeups.push({ ts, tid: Number(fields.pid) });
    }
  }
  trace.switches.sort((a, b) => a.ts - b.ts);
  trace.wakeups.sort((a, b) => a.ts - b.ts);
  return trace;
}

/** The processes a recording is read against: the site's server and the Lighthouse CLI. */
export interface KnownProcesses {
  serverPid?: number;
  lighthousePid?: number;
}

/** How the page's main thread spent its long tasks, and who ran while it waited for a CPU. */
export interface CpuHolders {
  /** Its tasks of 10 ms or more: wall time, ms. */
  taskMs: number;
  /** ms of it the thread ran on a CPU. */
  runningMs: number;
  /** ms of it the thread was runnable but not on a CPU. */
  waitingMs: number;
  /** ms of it the thread was asleep (I/O, a lock, another thread). */
  blockedMs: number;
  /** CPU time (ms, summed over the CPUs) each holder ran while the thread waited; `idle` = a free CPU. */
  holders: Record<string, number>;
}

/** Names of Chromium's threads, for processes its trace does not name (the network service…). */
const CHROMIUM_THREAD = /^(chromium|Chrome_|ThreadPool|Viz|Compositor|Cr[A-Z]|NetworkService|Perfetto|Media)/;

/**
 * Splits the page main thread's long tasks ({@link pageMainThread}) by its scheduler state and
 * sums, per holder, what ran on the CPUs while it was waiting for one.
 *
 * Holders: `Chromium: <process>` (the browser's processes as its trace names them: Browser,
 * GPU Process, Renderer…; the page's own renderer as `Chromium: the page's renderer, other
 * threads`; unnamed ones as `Chromium: other processes`), `the site's server`, `Lighthouse`,
 * `idle` (a CPU was free: the thread had just been woken), and any other program by its name.
 * @param events the Chrome trace's `traceEvents` of the same load
 * @param sched the scheduler trace recorded around it ({@link parseSchedTrace})
 * @throws when the Chrome trace has no renderer main thread with tasks
 */
export function cpuHolders(
  events: readonly TraceEvent[],
  sched: SchedTrace,
  known: KnownProcesses = {},
): CpuHolders {
  const main = pageMainThread(events);
  const processNames = new Map<number, string>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'process_name' && typeof event.args?.name === 'string') {
      processNames.set(event.pid, event.args.name);
    }
  }
  const holderOf = (tid: number): string => {
    if (tid === 0) return 'idle';
    const tgid = sched.tgidOf.get(tid) ?? tid;
    if (tgid === main.pid) return "Chromium: the page's renderer, other threads";
    if (processNames.has(tgid)) return `Chromium: ${processNames.get(tgid)}`;
    if (known.serverPid !== undefined && tgid === known.serverPid) return "the site's server";
    if (known.lighthousePid !== undefined && tgid === known.lighthousePid) return 'Lighthouse';
    const leader = sched.commOf.get(tgid) ?? sched.commOf.get(tid) ?? `pid ${tgid}`;
    const thread = sched.commOf.get(tid) ?? '';
    if (leader === 'chromium' || CHROMIUM_THREAD.test(thread)) return 'Chromium: other processes';
    return leader.replace(/\/\d+(:\d+H?)?$/, '');
  };

  // Intervals [start, end) of the main thread's state, and of what each CPU ran.
  type Span = { start: number; end: number; label: string };
  const states: Span[] = [];
  const onCpu: Span[] = [];
  let state = 'unknown';
  let stateSince = Number.NaN;
  const setState = (ts: number, next: string) => {
    if (Number.isFinite(stateSince)) states.push({ start: stateSince, end: ts, label: state });
    state = next;
    stateSince = ts;
  };
  const running = new Map<number, { tid: number; since: number }>();
  const wakeups = sched.wakeups.filter((wake) => wake.tid === main.tid);
  for (const sw of sched.switches) {
    while (wakeups.length && wakeups[0]!.ts <= sw.ts) {
      const wake = wakeups.shift()!;
      if (state === 'blocked') setState(wake.ts, 'waiting');
    }
    const current = running.get(sw.cpu);
    if (current) onCpu.push({ start: current.since, end: sw.ts, label: holderOf(current.tid) });
    running.set(sw.cpu, { tid: sw.nextTid, since: sw.ts });
    if (sw.prevTid === main.tid) setState(sw.ts, sw.prevState.startsWith('R') ? 'waiting' : 'blocked');
    if (sw.nextTid === main.tid) setState(sw.ts, 'running');
  }

  const result: CpuHolders = { taskMs: 0, runningMs: 0, waitingMs: 0, blockedMs: 0, holders: {} };
  const waits: { start: number; end: number }[] = [];
  for (const task of main.longTasks) {
    const start = task.ts;
    const end = task.ts + (task.dur ?? 0);
    result.taskMs += (end - start) / 1000;
    for (const span of states) {
      const overlap = Math.min(end, span.end) - Math.max(start, span.start);
      if (overlap <= 0) continue;
      if (span.label === 'running') result.runningMs += overlap / 1000;
      else if (span.label === 'waiting') {
        result.waitingMs += overlap / 1000;
        waits.push({ start: Math.max(start, span.start), end: Math.min(end, span.end) });
      } else if (span.label === 'blocked') result.blockedMs += overlap / 1000;
    }
  }
  for (const span of onCpu) {
    for (const wait of waits) {
      const overlap = Math.min(wait.end, span.end) - Math.max(wait.start, span.start);
      if (overlap > 0) result.holders[span.label] = (result.holders[span.label] ?? 0) + overlap / 1000;
    }
  }
  const ms = (value: number) => Math.round(value * 10) / 10;
  return {
    taskMs: ms(result.taskMs),
    runningMs: ms(result.runningMs),
    waitingMs: ms(result.waitingMs),
    blockedMs: ms(result.blockedMs),
    holders: Object.fromEntries(
      Object.entries(result.holders)
        .sort((a, b) => b[1] - a[1])
        .map(([holder, value]) => [holder, ms(value)]),
    ),
  };
}
