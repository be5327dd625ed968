/**
 * The environment variables the API reads (README "Configuration"). A pure module without
 * imports, so scripts that start the site — the benchmarks, the e2e setup — can clear exactly
 * these from the caller's environment and run the site like a plain `npm start`. `config.ts`
 * types its schema by this list, so the two cannot drift apart.
 */
export const CONFIG_ENV_NAMES = [
  'PORT',
  'HOST',
  'NODE_ENV',
  'DATA_DIR',
  'DATABASE_URL',
  'SMTP_URL',
  'PUBLIC_URL',
  'JWT_SECRET',
  'SEED_DEMO',
  'LOG_LEVEL',
  'STATIC_ROOT',
  'REMOTE_CATALOG_URL',
  'REMOTE_AUTH_URL',
  'REMOTE_DASHBOARD_URL',
  'REMOTE_CATALOG_SSR_URL',
  'REMOTE_AUTH_SSR_URL',
  'REMOTE_DASHBOARD_SSR_URL',
  'SERVER_RENDERING',
  'SERVE_STATIC',
  'RATE_LIMIT_FACTOR',
  'REDIS_URL',
  'STORAGE_URL',
  'STORAGE_PUBLIC_URL',
  'WEB_CONCURRENCY',
  'METRICS_TOKEN',
  'TRUST_PROXY',
  'ADMIN_EMAILS',
  'ENGAGEMENT_FLUSH_MS',
  'REMOTE_OVERRIDES',
  'DEPLOY_TOKENS',
  'SAVED_SEARCH_ALERT_DELAY_MS',
] as const;

/** One of the API's configuration variables. */
export type ConfigEnvName = (typeof CONFIG_ENV_NAMES)[number];
