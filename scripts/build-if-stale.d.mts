/** Types of scripts/build-if-stale.mjs for the TypeScript callers (bench). */
/** Front-end packages in build order (remotes first, host last). */
export declare const FRONTENDS: readonly string[];
/** File written into `dist/` after a successful build; its time is the build's. */
export declare const BUILD_STAMP: string;
/** Names of the front-end packages whose bundle is missing or older than its inputs. */
export declare function staleFrontends(root?: string): string[];
/** Builds every stale front end; throws when a build fails. Returns the names built. */
export declare function buildStaleFrontends(root?: string): string[];
/** Compiles the API into api/dist when missing or stale; resolves whether it built. */
export declare function buildStaleApi(root?: string): Promise<boolean>;
