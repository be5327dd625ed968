#!/usr/bin/env node
/**
 * Runs npm scripts one after another (`node scripts/run-stages.mjs test:unit test:api …`), each
 * with its output streamed as usual, then prints how long each took (seconds) and whether it
 * passed. Every stage runs even when an earlier one failed, so one run shows every failure; the
 * exit code is 1 when any stage failed. `npm test` runs its stages through it.
 */
import { spawnSync } from 'node:child_process';

const stages = process.argv.slice(2);
if (stages.length === 0) {
  console.error('usage: node scripts/run-stages.mjs <npm script>...');
  process.exit(2);
}

const results = [];
for (const stage of stages) {
  const started = process.hrtime.bigint();
  const run = spawnSync('npm', ['run', stage], { stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  results.push({ stage, seconds, ok: run.status === 0 });
}

console.log('\n== stage times');
for (const { stage, seconds, ok } of results) {
  console.log(`${ok ? 'pass' : 'FAIL'}  ${stage.padEnd(12)} ${seconds.toFixed(1).padStart(7)} s`);
}
const total = results.reduce((sum, r) => sum + r.seconds, 0);
console.log(`      ${'total'.padEnd(12)} ${total.toFixed(1).padStart(7)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
