/** Types of scripts/test-machine.mjs for the TypeScript callers (API tests, e2e, bench). */
/** Debian's Chromium. */
export declare const CHROMIUM_PATH: string;
/** Flags for every Chromium the tests and benchmarks launch. */
export declare const CHROMIUM_ARGS: string[];
/** A TCP port that was free on 127.0.0.1 a moment ago. */
export declare function freePort(): Promise<number>;
