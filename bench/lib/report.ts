/**
 * Results helpers: markdown tables, number formatting, targets shown next to the numbers (met /
 * not met; never asserted), and writing `<name>.md` + `<name>.json` into the output folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { fromCaller } from './machine.ts';

/** A target from the issue and where the run stands against it. */
export interface TargetResult {
  name: string;
  /** Human-readable target, e.g. '≥ 0.20'. */
  target: string;
  /** The measured value (null when not measured in this run). */
  value: number | null;
  /** Formatted value for the table. */
  shown: string;
  /** null: not measured (e.g. Lighthouse skipped). */
  met: boolean | null;
}

/** Builds a target row: `ok(value)` decides met / not met; null values are 'not measured'. */
export function target(
  name: string,
  wanted: string,
  value: number | null | undefined,
  ok: (value: number) => boolean,
  format: (value: number) => string = (v) => String(v),
): TargetResult {
  const measured = value === null || value === undefined || Number.isNaN(value) ? null : value;
  return {
    name,
    target: wanted,
    value: measured,
    shown: measured === null ? '—' : format(measured),
    met: measured === null ? null : ok(measured),
  };
}

/** A target's verdict as the results table shows it: met, **not met** or not measured. */
export const verdict = (met: boolean | null): string =>
  met === null ? 'not measured' : met ? 'met' : '**not met**';

/** The markdown table of targets: name, wanted, measured, verdict. */
export function targetsTable(targets: readonly TargetResult[]): string {
  return markdownTable(
    ['target', 'wanted', 'measured', 'verdict'],
    targets.map((t) => [t.name, t.target, t.shown, verdict(t.met)]),
  );
}

/** A GitHub-flavoured markdown table (cells are stringified; `|` escaped). */
export function markdownTable(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (value: unknown) => String(value ?? '').replace(/\|/g, '\\|');
  const line = (cells: readonly unknown[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Plain-text table for the console (columns padded). */
export function consoleTable(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const all = [headers, ...rows].map((row) => row.map((value) => String(value ?? '')));
  const widths = headers.map((_, i) => Math.max(...all.map((row) => row[i]?.length ?? 0)));
  return all.map((row) => row.map((value, i) => value.padEnd(widths[i]!)).join('  ')).join('\n');
}

/** Bytes as KB (1 KB = 1024 bytes), one decimal. */
export const kb = (bytes: number): string => (Number.isFinite(bytes) ? (bytes / 1024).toFixed(1) : '—');

/** A number with `digits` decimals, '—' when not finite. */
export const fixed = (value: number | null | undefined, digits = 1): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(digits);

/** Writes `<to>/<name>.md` and `<to>/<name>.json` (a relative `to` is taken from the caller's folder, `fromCaller`); returns their paths. */
export function writeResults(to: string, name: string, markdown: string, json: unknown): string[] {
  const out = fromCaller(to);
  mkdirSync(out, { recursive: true });
  const md = path.join(out, `${name}.md`);
  const js = path.join(out, `${name}.json`);
  writeFileSync(md, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
  writeFileSync(js, `${JSON.stringify(json, null, 2)}\n`);
  return [md, js];
}

/** Parses a whole-number flag; throws a readable error when it is not one or below `min`. */
export function intFlag(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) {
    throw new Error(`--${name} must be a whole number >= ${min}, got '${value}'`);
  }
  return Number(value);
}

/** Option definitions of node:util `parseArgs`. */
type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** The flags every bench command takes besides its own: `--out DIR` and `--help`. */
const COMMON_FLAGS = {
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies FlagOptions;

/**
 * Parses a bench command's flags (node:util `parseArgs`, strict: an unknown flag throws) with
 * `--out` and `--help` added; `--help` prints `usage` and exits 0.
 */
export function benchFlags<const T extends FlagOptions>(options: T, usage: string) {
  const { values } = parseArgs<{ options: T & typeof COMMON_FLAGS; strict: true }>({
    options: { ...options, ...COMMON_FLAGS },
    strict: true,
  });
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}
