/**
 * What the API tests, the e2e suite and the benchmarks share about this machine: Debian's
 * Chromium with the flags that keep it offline and quiet (never `npx playwright install`), and
 * free TCP ports for the servers they start. Types: test-machine.d.mts.
 */
import { createServer } from 'node:net';

/** Debian's Chromium (`apt-get install chromium`; scripts/ensure-chromium.sh). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags for every Chromium the tests and benchmarks launch: no sandbox (root), no GPU, no traffic of its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A TCP port that was free on 127.0.0.1 a moment ago (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
