/**
 * The site as `npm start` runs it (scripts/start.mjs), started for a benchmark: a free port on
 * 127.0.0.1, its own DATA_DIR (the embedded database gets the demo data), warn-level logs, and
 * none of the caller's API settings (the config's one list of names) or SINGLE_BUNDLE.
 */
import path from 'node:path';
import { CONFIG_ENV_NAMES } from '../../api/src/config-env-names.ts';
import { ROOT } from './machine.ts';
import { freePort, type Started, startProcess } from './processes.ts';

/** The caller's environment without the API's settings and SINGLE_BUNDLE. */
export function scrubbedEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [...CONFIG_ENV_NAMES, 'SINGLE_BUNDLE']) delete env[key];
  return env;
}

/**
 * Starts the site and waits until `/api/v1/health` answers (up to 5 min: the first start seeds).
 * @param options.name the process's name in logs and errors
 * @param options.dataDir DATA_DIR of this site (a fresh folder gets the demo data)
 * @param options.logFile where its output goes
 * @param options.serverRendering SERVER_RENDERING ('off' = the client-rendered serving)
 * @param options.noBuild pass `--no-build` (the caller built the bundles)
 * @param options.env more settings of the site (e.g. DEPLOY_TOKENS)
 * @returns the started process and the site's origin (`http://127.0.0.1:PORT`)
 * @throws when it exits first or is not healthy in time
 */
export async function startSite(options: {
  name: string;
  dataDir: string;
  logFile: string;
  serverRendering: 'on' | 'off';
  noBuild?: boolean;
  env?: NodeJS.ProcessEnv;
}): Promise<{ started: Started; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = await startProcess({
    name: options.name,
    command: process.execPath,
    args: [path.join(ROOT, 'scripts/start.mjs'), ...(options.noBuild ? ['--no-build'] : [])],
    env: {
      ...scrubbedEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      SERVER_RENDERING: options.serverRendering,
      ...options.env,
    },
    cwd: ROOT,
    logFile: options.logFile,
    healthUrl: `${origin}/api/v1/health`,
    timeoutMs: 300_000,
  });
  return { started, origin };
}
