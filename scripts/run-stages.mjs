#!/usr/bin/env node
/**
 * Runs npm scripts one after another (`node scripts/run-stages.mjs test:unit test:api …`), each
 * with its output streamed as usual, then prints how long each took (seconds) and whether it
 * passed. Every stage runs even when an earlier one failed, so one run shows every failure; the
 * exit code is 1 when any stage failed. `npm test` runs its stages through it.
 *
 * Scripts joined by `+` (`lint+test:unit`) run at the same time, for stages that each keep one
 * core busy on a 2-core machine (docs/decisions/0042): their outputs are kept and printed whole,
 * one after the other, as each finishes; each still gets its own line in the times table.
 */
import { spawn } from 'node:child_process';

const stages = process.argv.slice(2);
if (stages.length === 0 || stages.some((stage) => stage.split('+').some((name) => name === ''))) {
  console.error('usage: node scripts/run-stages.mjs <npm script>[+<npm script>...] ...');
  process.exit(2);
}

/**
 * Runs `npm run <script>`; with `keepOutput`, its output is collected and printed in one piece
 * when it ends. Resolves with its time (seconds) and whether it passed.
 */
function runScript(script, keepOutput) {
  const started = process.hrtime.bigint();
  const child = spawn('npm', ['run', script], { stdio: keepOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const chunks = [];
  if (keepOutput) {
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (keepOutput) {
        process.stdout.write(`\n== ${script} (ran beside other stages; its output, kept until it ended)\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ stage: script, seconds, ok: code === 0 });
    });
  });
}

/** Per stage argument: its scripts' results and the wall time of the whole group. */
const groups = [];
for (const stage of stages) {
  const scripts = stage.split('+');
  const started = process.hrtime.bigint();
  const members = await Promise.all(scripts.map((script) => runScript(script, scripts.length > 1)));
  groups.push({ members, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
}

const line = (label, name, seconds) => `${label}  ${name.padEnd(12)} ${seconds.toFixed(1).padStart(7)} s`;
console.log('\n== stage times');
for (const { members, seconds } of groups) {
  for (const { stage, seconds: own, ok } of members) console.log(line(ok ? 'pass' : 'FAIL', stage, own));
  if (members.length > 1)
    console.log(line('    ', `(${members.map((m) => m.stage).join(' + ')} together)`, seconds));
}
const total = groups.reduce((sum, group) => sum + group.seconds, 0);
console.log(line('    ', 'total', total));
process.exit(groups.every((group) => group.members.every((member) => member.ok)) ? 0 : 1);
