/**
 * The API test run's file times (used by `run-tests.ts`): how long each test file took (the wall
 * time of its process, seconds, from node's own `test:complete` event of the file), the slowest
 * first, and their sum, so the API stage's time can be followed file by file
 * (docs/decisions/0042).
 */
import path from 'node:path';

/** How many of the slowest files are listed. */
const SHOWN = 15;

/** The `test:complete` data node:test reports (the fields read here). */
export interface CompleteEvent {
  nesting: number;
  name: string;
  file?: string;
  details?: { duration_ms?: number; passed?: boolean };
}

/**
 * Lines (starting with `#`) naming the SHOWN slowest files and the sum of all, from the run's
 * `test:complete` events; empty when no file completed.
 */
export function fileTimesReport(events: CompleteEvent[]): string {
  const files = new Map<string, { seconds: number; ok: boolean }>();
  for (const event of events) {
    if (event.nesting === 0 && event.file && path.resolve(event.name) === event.file) {
      files.set(event.file, {
        seconds: (event.details?.duration_ms ?? 0) / 1000,
        ok: event.details?.passed !== false,
      });
    }
  }
  if (files.size === 0) return '';
  const rows = [...files].sort((a, b) => b[1].seconds - a[1].seconds);
  const total = rows.reduce((sum, [, { seconds }]) => sum + seconds, 0);
  const lines = [`# slowest API test files (of ${rows.length}; wall time of each file's process)`];
  for (const [file, { seconds, ok }] of rows.slice(0, SHOWN)) {
    lines.push(
      `#   ${seconds.toFixed(1).padStart(6)} s  ${ok ? '' : 'FAILED '}${path.relative(process.cwd(), file)}`,
    );
  }
  lines.push(`#   ${total.toFixed(1).padStart(6)} s  sum of all files`);
  return `\n${lines.join('\n')}\n`;
}
