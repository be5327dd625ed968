/**
 * What global setup tells the tests about the running site: its base URL, the folder the local
 * SMTP server writes received mails to, and the run's temporary folder. Passed through
 * environment variables set in global setup (workers inherit them) and a JSON file beside them.
 */
import { readFileSync } from 'node:fs';

export interface SiteState {
  /** Origin of the site under test, e.g. http://127.0.0.1:41234 (also its PUBLIC_URL). */
  baseURL: string;
  /** Folder holding one `<n>.eml` + `<n>.json` pair per mail received by the SMTP server. */
  mailDir: string;
  /** The run's temporary folder (DATA_DIR lives inside; removed at teardown). */
  tmpDir: string;
  /** STATIC_ROOT of the site: the snapshot of `<pkg>/dist` folders it serves. */
  staticRoot: string;
  /** Process id of the site (the same for the whole run: nothing restarts it). */
  pid?: number;
}

/** The site's DEPLOY_TOKENS (release API, ADR 0029): one token per remote. */
export const E2E_DEPLOY_TOKENS = {
  catalog: 'e2e-catalog-deploy-token-0123456789',
  auth: 'e2e-auth-deploy-token-0123456789ab',
  dashboard: 'e2e-dashboard-deploy-token-012345',
} as const;

/** The site's METRICS_TOKEN: `/metrics` answers 404 in production without one (ADR 0030). */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789';

/** Environment variable naming the JSON file with the {@link SiteState}. */
export const STATE_FILE_ENV = 'E2E_STATE_FILE';

let cached: SiteState | undefined;

/** The running site's state; throws when global setup did not run. */
export function siteState(): SiteState {
  if (cached) return cached;
  const file = process.env[STATE_FILE_ENV];
  if (!file) throw new Error(`${STATE_FILE_ENV} is not set: run the suite with \`npm test -w e2e\``);
  cached = JSON.parse(readFileSync(file, 'utf8')) as SiteState;
  return cached;
}
