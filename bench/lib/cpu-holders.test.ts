/**
 * `parseSchedTrace` and `cpuHolders` on a hand-written scheduler trace (tracefs text with
 * `record-tgid`) beside a hand-written Chrome trace: the page's main thread (tid 100) has one
 * 100 ms task; it runs, is preempted by the browser, runs, sleeps, is woken while a CPU is idle,
 * runs again; the site's server (pid 300) runs on the other CPU all along.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cpuHolders, parseSchedTrace } from './cpu-holders.ts';
import type { TraceEvent } from './main-thread-waits.ts';

const chromeTrace: TraceEvent[] = [
  { name: 'process_name', ph: 'M', pid: 100, tid: 100, ts: 0, args: { name: 'Renderer' } },
  { name: 'process_name', ph: 'M', pid: 200, tid: 200, ts: 0, args: { name: 'Browser' } },
  { name: 'thread_name', ph: 'M', pid: 100, tid: 100, ts: 0, args: { name: 'CrRendererMain' } },
  // One long task, 1.000-1.100 s, and a short one the split must ignore.
  { name: 'RunTask', ph: 'X', pid: 100, tid: 100, ts: 1_000_000, dur: 100_000, tdur: 50_000 },
  { name: 'RunTask', ph: 'X', pid: 100, tid: 100, ts: 1_200_000, dur: 5_000, tdur: 5_000 },
];

const line = (
  comm: string,
  tid: number,
  tgid: number | '-------',
  cpu: number,
  seconds: string,
  event: string,
) => `${comm.padStart(16)}-${tid}    (${String(tgid).padStart(7)}) [00${cpu}] d..2.  ${seconds}: ${event}`;

const schedText = [
  '# tracer: nop',
  '#',
  '# entries-in-buffer/entries-written: 10/10   #P:2',
  line(
    'node',
    301,
    300,
    1,
    '0.900000',
    'sched_switch: prev_comm=node prev_pid=301 prev_prio=120 prev_state=S ==> next_comm=node next_pid=300 next_prio=120',
  ),
  line(
    '<idle>',
    0,
    0,
    0,
    '1.000000',
    'sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=chromium next_pid=100 next_prio=120',
  ),
  line(
    'chromium',
    100,
    100,
    0,
    '1.020000',
    'sched_switch: prev_comm=chromium prev_pid=100 prev_prio=120 prev_state=R+ ==> next_comm=CrBrowserMain next_pid=205 next_prio=120',
  ),
  line(
    'CrBrowserMain',
    205,
    200,
    0,
    '1.050000',
    'sched_switch: prev_comm=CrBrowserMain prev_pid=205 prev_prio=120 prev_state=S ==> next_comm=chromium next_pid=100 next_prio=120',
  ),
  line(
    'chromium',
    100,
    100,
    0,
    '1.060000',
    'sched_switch: prev_comm=chromium prev_pid=100 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120',
  ),
  line(
    'CrBrowserMain',
    205,
    200,
    1,
    '1.070000',
    'sched_wakeup: comm=chromium pid=100 prio=120 target_cpu=000',
  ),
  line(
    '<idle>',
    0,
    0,
    0,
    '1.080000',
    'sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=chromium next_pid=100 next_prio=120',
  ),
  line(
    'chromium',
    100,
    100,
    0,
    '1.150000',
    'sched_switch: prev_comm=chromium prev_pid=100 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120',
  ),
  line(
    'node',
    300,
    300,
    1,
    '1.150000',
    'sched_switch: prev_comm=node prev_pid=300 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120',
  ),
].join('\n');

describe('parseSchedTrace', () => {
  it('reads switches, wake-ups, process IDs and names, in time order', () => {
    const sched = parseSchedTrace(schedText);
    assert.equal(sched.switches.length, 8);
    assert.deepEqual(sched.wakeups, [{ ts: 1_070_000, tid: 100 }]);
    assert.deepEqual(sched.switches[1], { ts: 1_000_000, cpu: 0, prevTid: 0, prevState: 'R', nextTid: 100 });
    assert.equal(sched.tgidOf.get(205), 200);
    assert.equal(sched.commOf.get(205), 'CrBrowserMain');
  });
});

describe('cpuHolders', () => {
  it('splits the long task into running, waiting and blocked, and names who ran during the waits', () => {
    const result = cpuHolders(chromeTrace, parseSchedTrace(schedText), { serverPid: 300 });
    assert.deepEqual(result, {
      taskMs: 100,
      runningMs: 50, // 1.000-1.020, 1.050-1.060, 1.080-1.100
      waitingMs: 40, // preempted 1.020-1.050, woken 1.070-1.080
      blockedMs: 10, // asleep 1.060-1.070
      holders: { "the site's server": 40, 'Chromium: Browser': 30, idle: 10 },
    });
  });

  it('names an unknown process by its leader thread', () => {
    const result = cpuHolders(chromeTrace, parseSchedTrace(schedText));
    assert.deepEqual(result.holders, { node: 40, 'Chromium: Browser': 30, idle: 10 });
  });
});
