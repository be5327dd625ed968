/** Types of api/build.mjs for the TypeScript callers (bench, tests). */
/** The compiled server, relative to the repository root. */
export declare const API_SERVER: string;
/** File written into api/dist/ after a successful build; its time is the build's. */
export declare const API_BUILD_STAMP: string;
/** Whether api/dist is missing or older than any of its inputs. */
export declare function apiIsStale(root?: string): boolean;
/** Compiles the API into api/dist; resolves the build's duration in ms. */
export declare function buildApi(root?: string): Promise<number>;
