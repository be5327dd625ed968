/**
 * Lock drift check for CI (`.ci/run`), after `npm install` had to stand in for `npm ci`.
 *
 * Compares the working tree's package-lock.json with the committed one (`git show HEAD:…`).
 * Real drift: a package of the committed lock that disappeared or changed version or integrity,
 * or a new package that is not optional. New entries marked `optional`/`devOptional` are not
 * drift: they are other platforms' prebuilt binaries (and their helpers) that the registry
 * mirror serves on one day and not on another, which npm records when it can.
 *
 * Exit codes: 0 no drift (prints how many optional entries were added); 1 drift (prints each
 * difference); 2 the committed lock cannot be read.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LOCK = 'package-lock.json';

let committed;
try {
  committed = JSON.parse(
    execFileSync('git', ['show', `HEAD:${LOCK}`], { encoding: 'utf8', maxBuffer: 64 << 20 }),
  );
} catch (error) {
  console.error(`check-lock-drift: cannot read the committed ${LOCK}: ${error.message}`);
  process.exit(2);
}
const current = JSON.parse(readFileSync(LOCK, 'utf8'));

const before = committed.packages ?? {};
const after = current.packages ?? {};
const drift = [];
for (const [key, pkg] of Object.entries(before)) {
  const now = after[key];
  if (!now) drift.push(`removed: ${key || '(root)'}`);
  else if (now.version !== pkg.version) drift.push(`changed: ${key} ${pkg.version} -> ${now.version}`);
  else if (pkg.integrity && now.integrity && now.integrity !== pkg.integrity)
    drift.push(`integrity changed: ${key}`);
}
let optionalAdded = 0;
for (const [key, pkg] of Object.entries(after)) {
  if (key in before) continue;
  if (pkg.optional || pkg.devOptional) optionalAdded++;
  else drift.push(`added (not optional): ${key} ${pkg.version ?? ''}`.trim());
}
if (drift.length > 0) {
  console.error(`${LOCK} is out of date: run npm install and commit it\n  ${drift.join('\n  ')}`);
  process.exit(1);
}
console.log(`${LOCK}: no drift (${optionalAdded} optional other-platform entries recorded by this install)`);
