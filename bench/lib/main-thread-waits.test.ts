/**
 * `mainThreadWaits` and `withoutWaits` on a small hand-written trace: one renderer main thread
 * (a 100 ms task that ran 40 ms on a CPU, with a 20 ms event halfway; a 5 ms task), one browser
 * thread with a long task that must not be touched.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mainThreadWaits, type TraceEvent, withoutWaits } from './main-thread-waits.ts';

const RENDERER = { pid: 7, tid: 1 };
const BROWSER = { pid: 3, tid: 1 };

function trace(): TraceEvent[] {
  return [
    { name: 'thread_name', ph: 'M', ...RENDERER, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', ...BROWSER, ts: 0, args: { name: 'CrBrowserMain' } },
    { name: 'RunTask', ph: 'X', ...RENDERER, ts: 1_000_000, dur: 100_000, tdur: 40_000 },
    { name: 'Layout', ph: 'X', ...RENDERER, ts: 1_050_000, dur: 20_000, tdur: 15_000 },
    { name: 'firstContentfulPaint', ph: 'R', ...RENDERER, ts: 1_090_000 },
    { name: 'RunTask', ph: 'X', ...RENDERER, ts: 1_200_000, dur: 5_000, tdur: 2_000 },
    { name: 'RunTask', ph: 'X', ...BROWSER, ts: 1_000_000, dur: 300_000, tdur: 10_000 },
  ];
}

describe('mainThreadWaits', () => {
  it("measures the renderer main thread's tasks of 10 ms or more, not the browser's", () => {
    assert.deepEqual(mainThreadWaits(trace()), { tasks: 1, wallMs: 100, cpuMs: 40, onCpuShare: 0.4 });
  });

  it('throws on a trace without a renderer main thread', () => {
    assert.throws(
      () => mainThreadWaits(trace().filter((e) => e.pid !== RENDERER.pid)),
      /no renderer main thread/,
    );
  });
});

describe('withoutWaits', () => {
  it('shortens each renderer task to its CPU time and moves what ran in it along, leaving other threads and the input alone', () => {
    const input = trace();
    const output = withoutWaits(input);
    const find = (events: TraceEvent[], name: string, pid: number, ts?: number) =>
      events.find((e) => e.name === name && e.pid === pid && (ts === undefined || e.ts === ts));
    assert.equal(find(output, 'RunTask', RENDERER.pid, 1_000_000)?.dur, 40_000);
    // 50 ms into a task running at 0.4: 20 ms in, 8 ms long.
    assert.deepEqual(
      { ts: find(output, 'Layout', RENDERER.pid)?.ts, dur: find(output, 'Layout', RENDERER.pid)?.dur },
      { ts: 1_020_000, dur: 8_000 },
    );
    assert.equal(find(output, 'firstContentfulPaint', RENDERER.pid)?.ts, 1_036_000);
    // The next task keeps its start (the gap is the network's), and its own CPU time.
    assert.deepEqual(
      {
        ts: find(output, 'RunTask', RENDERER.pid, 1_200_000)?.ts,
        dur: find(output, 'RunTask', RENDERER.pid, 1_200_000)?.dur,
      },
      { ts: 1_200_000, dur: 2_000 },
    );
    assert.equal(find(output, 'RunTask', BROWSER.pid)?.dur, 300_000);
    assert.deepEqual(input, trace());
  });
});
