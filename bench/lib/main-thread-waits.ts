/**
 * How much of a Lighthouse run's main-thread time was the page's own work, and a copy of the
 * run's trace with the waits taken out (docs/product.md §23: the calibrated TBT target on a 2-core machine
 * shared by the browser, the site's server and Lighthouse).
 *
 * Lighthouse's simulated TBT multiplies each observed task's *wall* time (`dur`) by the CPU
 * slowdown. A task's wall time also holds the time its thread waited for a core; the trace records
 * the thread's CPU time too (`tdur`). `mainThreadWaits` measures the share; `withoutWaits` rewrites
 * the renderer main threads' tasks to last their CPU time (each event inside a task moved and
 * shortened in proportion), so that Lighthouse's own simulation, run again on the saved artifacts
 * (`lighthouse -A`), gives the TBT of the page's work alone.
 */

/** One event of a Chrome trace (the fields read here; the rest is kept as is). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** µs */
  ts: number;
  /** wall time, µs */
  dur?: number;
  /** thread (CPU) time, µs */
  tdur?: number;
  args?: { name?: string } & Record<string, unknown>;
  [key: string]: unknown;
}

export interface MainThreadWaits {
  /** Tasks counted: ≥ 10 ms observed (the ones Lighthouse's simulation keeps, Lantern's `SIGNIFICANT_DUR_THRESHOLD_MS`). */
  tasks: number;
  /** Their wall time, ms. */
  wallMs: number;
  /** Their CPU time, ms. */
  cpuMs: number;
  /** cpuMs / wallMs, 0-1 (1 = the thread never waited for a core); NaN without tasks. */
  onCpuShare: number;
}

/** Lantern's threshold below which an observed task is pruned from the simulation (ms). */
const SIGNIFICANT_TASK_MS = 10;

const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;

/** `pid:tid` of every `CrRendererMain` thread in the trace. */
function rendererMainThreads(events: readonly TraceEvent[]): Set<string> {
  return new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map(threadOf),
  );
}

const isTask = (event: TraceEvent) => event.name === 'RunTask' && event.ph === 'X';

/**
 * The page's renderer main thread: the `CrRendererMain` with the most task time, and its tasks
 * (`RunTask` events) of 10 ms or more, in trace order.
 * @param events the trace's `traceEvents`
 * @throws when the trace has no renderer main thread with tasks
 */
export function pageMainThread(events: readonly TraceEvent[]): {
  pid: number;
  tid: number;
  longTasks: TraceEvent[];
} {
  const mains = rendererMainThreads(events);
  const tasksByThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (!isTask(event) || !mains.has(threadOf(event))) continue;
    const thread = threadOf(event);
    if (!tasksByThread.has(thread)) tasksByThread.set(thread, []);
    tasksByThread.get(thread)!.push(event);
  }
  const total = (tasks: readonly TraceEvent[]) => tasks.reduce((sum, t) => sum + (t.dur ?? 0), 0);
  const busiest = [...tasksByThread.values()].sort((a, b) => total(b) - total(a))[0];
  const first = busiest?.[0];
  if (!busiest || !first) throw new Error('the trace has no renderer main thread with tasks');
  return {
    pid: first.pid,
    tid: first.tid,
    longTasks: busiest.filter((task) => (task.dur ?? 0) / 1000 >= SIGNIFICANT_TASK_MS),
  };
}

/**
 * The share of wall time the page's renderer main thread ({@link pageMainThread}) spent on a CPU
 * during its tasks of 10 ms or more.
 * @param events the trace's `traceEvents`
 * @throws when the trace has no renderer main thread with tasks
 */
export function mainThreadWaits(events: readonly TraceEvent[]): MainThreadWaits {
  const { longTasks } = pageMainThread(events);
  let tasks = 0;
  let wallMs = 0;
  let cpuMs = 0;
  for (const task of longTasks) {
    const wall = (task.dur ?? 0) / 1000;
    tasks += 1;
    wallMs += wall;
    cpuMs += Math.min(wall, (task.tdur ?? task.dur ?? 0) / 1000);
  }
  return {
    tasks,
    wallMs: Math.round(wallMs),
    cpuMs: Math.round(cpuMs),
    onCpuShare: tasks ? Math.round((cpuMs / wallMs) * 100) / 100 : Number.NaN,
  };
}

/**
 * A copy of the trace in which every task of every renderer main thread lasts its CPU time
 * (`tdur`) instead of its wall time: the task keeps its start, and each event of that thread that
 * starts inside it is moved towards the start and shortened by the same factor (tdur / dur), so
 * what ran in the task stays inside it and in order. Other threads, and the gaps between tasks
 * (when the network held the page up), are unchanged.
 * @param events the trace's `traceEvents` (not modified)
 */
export function withoutWaits(events: readonly TraceEvent[]): TraceEvent[] {
  const mains = rendererMainThreads(events);
  const copy = events.map((event) => ({ ...event }));
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of copy) {
    if (!mains.has(threadOf(event)) || event.ph === 'M') continue;
    const thread = threadOf(event);
    if (!byThread.has(thread)) byThread.set(thread, []);
    byThread.get(thread)!.push(event);
  }
  for (const threadEvents of byThread.values()) {
    threadEvents.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let task: { start: number; end: number; factor: number } | null = null;
    for (const event of threadEvents) {
      if (task && event.ts >= task.end) task = null;
      if (!task && isTask(event) && event.dur && event.tdur !== undefined && event.tdur < event.dur) {
        task = { start: event.ts, end: event.ts + event.dur, factor: Math.max(event.tdur, 0) / event.dur };
        event.dur = event.tdur;
        continue;
      }
      if (!task) continue;
      event.ts = task.start + (event.ts - task.start) * task.factor;
      if (event.dur !== undefined) event.dur *= task.factor;
    }
  }
  return copy;
}
