/**
 * Development ports (ARCHITECTURE "Runtime contract"): host 3000, catalog 3001, auth 3002,
 * dashboard 3003, API 4000. Kept free of imports so tests and scripts can read them cheaply;
 * rspack.base.ts and docker-compose.yml use the same numbers (scripts/compose.test.ts checks).
 */

/** Names of the remotes and their dev-server ports. */
export const REMOTES = { catalog: 3001, auth: 3002, dashboard: 3003 } as const;
export type RemoteName = keyof typeof REMOTES;
/** Dev-server port of the host. */
export const HOST_PORT = 3000;
/** Port of the API in development (`npm run dev`). */
export const API_DEV_PORT = 4000;
