/**
 * Server configuration, read once from environment variables and validated with `env-schema`
 * (ARCHITECTURE "Runtime contract"). Everything else in the API receives an `AppConfig` instead
 * of reading `process.env`, so tests can build apps with any configuration side by side.
 */

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { REMOTE_NAMES } from '@campus/shared/contract';
import envSchema from 'env-schema';
import type { ConfigEnvName } from './config-env-names.ts';

/** The repository root (`api/src/config.ts` → two levels up). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Where the database lives: embedded PGlite (a folder, or memory) or a PostgreSQL server. */
export type DatabaseConfig =
  | {
      engine: 'pglite';
      /** Data folder; null = in memory (tests). */
      dataDir: string | null;
    }
  | { engine: 'postgres'; url: string };

/** The names of the module federation remotes (the contract's; ARCHITECTURE "Module federation"). */
export { REMOTE_NAMES };
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Validated, typed configuration of one API process. */
export interface AppConfig {
  /** TCP port to listen on (PORT, default 8080; `npm run dev -w api` uses 4000). */
  port: number;
  /** Interface to bind (HOST, default 0.0.0.0). */
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Absolute path of DATA_DIR (default `<repo>/data`): database, uploads, mail outbox, JWT secret. */
  dataDir: string;
  /** DATA_DIR/uploads, served at `/uploads/`. */
  uploadsDir: string;
  /** DATA_DIR/tmp: uploads being received (spooled files, `uploads/spool.ts`); never served. */
  tempDir: string;
  /** DATA_DIR/outbox, where mails are written as .eml when SMTP_URL is unset. */
  outboxDir: string;
  /** From DATABASE_URL: unset → PGlite in DATA_DIR/db; `memory://` → in-memory PGlite; else PostgreSQL. */
  database: DatabaseConfig;
  /** SMTP_URL, or null to write mails to `outboxDir`. */
  smtpUrl: string | null;
  /** Public origin used in e-mail links, without trailing slash (default http://localhost:$PORT). */
  publicUrl: string;
  /** JWT signing secret (JWT_SECRET, or generated once and kept in DATA_DIR/jwt-secret). */
  jwtSecret: string;
  /** Seed demo data into an empty embedded database at start (SEED_DEMO, default on). */
  seedDemo: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Folder holding `host/dist` and `mfe-<name>/dist` (STATIC_ROOT, default the repo root). */
  staticRoot: string;
  /** Entry URLs of the remotes, as written to `/remotes.json`. */
  remotes: Record<RemoteName, string>;
  /**
   * Node entry URLs of the remotes for server rendering (REMOTE_<NAME>_SSR_URL; docs/product.md §23); null =
   * that remote's pages are rendered in the browser only. Relative URLs are on this server.
   */
  remoteSsrEntries: Record<RemoteName, string | null>;
  /**
   * Developer overrides of remotes (`?remoteOverride=`; REMOTE_OVERRIDES, default on in
   * development, off otherwise; admins may always use them). ADR 0029.
   */
  remoteOverrides: boolean;
  /** Render pages on the server (SERVER_RENDERING; default on, docs/product.md §23 / ADR 0009; off = the client-rendered index.html, the kill switch). */
  serverRendering: boolean;
  /** Serve the built site, the remotes and `/remotes.json` (SERVE_STATIC, default in production). */
  serveStatic: boolean;
  /**
   * Multiplier of every rate limit's allowance (RATE_LIMIT_FACTOR, default 1; e.g. 100 for an
   * e2e run that signs up and logs in many times from one address). See `auth/rate-limits.ts`.
   */
  rateLimitFactor: number;
  /**
   * REDIS_URL, or null: shared rate-limit counters, response-cache versions and list totals for
   * several API processes (docs/product.md §22; docs/decisions/0014-scale-out.md). Null = in-process.
   */
  redisUrl: string | null;
  /** Where uploads are kept (STORAGE_URL): the local `uploadsDir`, or an S3-compatible bucket. */
  storage: StorageConfig;
  /**
   * STORAGE_PUBLIC_URL without trailing slash, or null: public origin (CDN or bucket website) under
   * which stored keys are served; null = the API streams them at `/uploads/<key>`.
   */
  storagePublicUrl: string | null;
  /** Worker processes behind one port (WEB_CONCURRENCY, default 1; >1 needs REDIS_URL and DATABASE_URL). */
  webConcurrency: number;
  /** METRICS_TOKEN, or null: when set, `GET /metrics` needs `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /**
   * Which peers may set the client address with `X-Forwarded-For` (TRUST_PROXY; ADR 0012),
   * in the forms Fastify's `trustProxy` takes: `false` (unset: nobody; the client address is the
   * socket's), a hop count (that many proxies in front), or a list of proxy addresses / CIDRs
   * (also proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). `request.ip`, the per-IP
   * rate limits and the request logs use the address this yields.
   */
  trustProxy: false | number | string[];
  /**
   * ADMIN_EMAILS: comma-separated addresses (trimmed, lower-cased here) whose verified accounts
   * get `role: admin` at verification, at login and at start (docs/product.md §19.4). Default none.
   */
  adminEmails: string[];
  /**
   * DEPLOY_TOKENS: `<remote>:<token>` pairs, comma-separated, each remote's deploy token for the
   * release API (ADR 0029); tokens of at least 16 characters. Default none.
   */
  deployTokens: { remote: RemoteName; token: string }[];
  /**
   * ms between two writes of the views and chat clicks counted in memory (ENGAGEMENT_FLUSH_MS,
   * default 5 000; docs/product.md §20.10, ADR 0020). Counts also go out when the app closes. Stored
   * views and the insights lag by at most this much; 0 = only at close and on demand.
   */
  engagementFlushMs: number;
  /**
   * ms from a saved search's first new match to its instant alert mail (SAVED_SEARCH_ALERT_DELAY_MS,
   * default 60 000; docs/product.md §30, ADR 0035): listings made together go in one mail. At most
   * one instant alert per student per 15 minutes whatever this is.
   */
  savedSearchAlertDelayMs: number;
}

/** The S3 form of `StorageConfig`. */
export type S3StorageConfig = Extract<StorageConfig, { driver: 's3' }>;

/** Where uploads are kept: a local folder, or an S3 bucket (STORAGE_URL `s3://bucket?endpoint=&region=`). */
export type StorageConfig =
  | { driver: 'local'; dir: string }
  | {
      driver: 's3';
      bucket: string;
      /** Key prefix inside the bucket (the URL's path, without slashes at the ends), '' for none. */
      prefix: string;
      /** `endpoint` query parameter (MinIO, s3rver, R2…), or null for AWS. */
      endpoint: string | null;
      /** `region` query parameter, else AWS_REGION, else us-east-1. */
      region: string;
      /** Path-style addressing: on when an endpoint is given (non-AWS servers), unless `forcePathStyle=false`. */
      forcePathStyle: boolean;
    };

const BOOLEAN_VALUES = ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'];

/** JSON schema of every variable of CONFIG_ENV_NAMES (the Record type makes the key sets equal), plus npm's INIT_CWD. */
const properties: Record<ConfigEnvName | 'INIT_CWD', object> = {
  PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
  HOST: { type: 'string', minLength: 1, default: '0.0.0.0' },
  NODE_ENV: { type: 'string', enum: ['development', 'production', 'test'], default: 'development' },
  DATA_DIR: { type: 'string', minLength: 1 },
  DATABASE_URL: { type: 'string', pattern: '^(postgres(ql)?://|memory://$)' },
  SMTP_URL: { type: 'string', pattern: '^smtps?://' },
  PUBLIC_URL: { type: 'string', pattern: '^https?://[^/]+' },
  JWT_SECRET: { type: 'string', minLength: 32 },
  SEED_DEMO: { type: 'string', enum: BOOLEAN_VALUES, default: '1' },
  LOG_LEVEL: {
    type: 'string',
    enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    default: 'info',
  },
  STATIC_ROOT: { type: 'string', minLength: 1 },
  REMOTE_CATALOG_URL: { type: 'string', minLength: 1, default: '/remotes/catalog/mf-manifest.json' },
  REMOTE_AUTH_URL: { type: 'string', minLength: 1, default: '/remotes/auth/mf-manifest.json' },
  REMOTE_DASHBOARD_URL: { type: 'string', minLength: 1, default: '/remotes/dashboard/mf-manifest.json' },
  REMOTE_CATALOG_SSR_URL: { type: 'string', minLength: 1, default: '/remotes/catalog/server/remoteEntry.js' },
  REMOTE_AUTH_SSR_URL: { type: 'string', minLength: 1 },
  REMOTE_DASHBOARD_SSR_URL: { type: 'string', minLength: 1 },
  SERVER_RENDERING: { type: 'string', enum: BOOLEAN_VALUES, default: 'on' },
  REMOTE_OVERRIDES: { type: 'string', enum: BOOLEAN_VALUES },
  SERVE_STATIC: { type: 'string', enum: BOOLEAN_VALUES },
  RATE_LIMIT_FACTOR: { type: 'number', exclusiveMinimum: 0, maximum: 1000000, default: 1 },
  REDIS_URL: { type: 'string', pattern: '^rediss?://' },
  STORAGE_URL: { type: 'string', pattern: '^s3://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](/[^?]*)?(\\?.*)?$' },
  STORAGE_PUBLIC_URL: { type: 'string', pattern: '^https?://[^/]+' },
  WEB_CONCURRENCY: { type: 'integer', minimum: 1, maximum: 64, default: 1 },
  METRICS_TOKEN: { type: 'string', minLength: 16 },
  TRUST_PROXY: { type: 'string' },
  ENGAGEMENT_FLUSH_MS: { type: 'integer', minimum: 0, maximum: 600000, default: 5000 },
  SAVED_SEARCH_ALERT_DELAY_MS: { type: 'integer', minimum: 0, maximum: 120000, default: 60000 },
  ADMIN_EMAILS: {
    type: 'string',
    pattern: '^\\s*[^\\s,@]+@[^\\s,@]+(\\s*,\\s*[^\\s,@]+@[^\\s,@]+)*\\s*,?\\s*$',
  },
  DEPLOY_TOKENS: {
    type: 'string',
    pattern: '^\\s*[a-z]+:[A-Za-z0-9._~+/=-]{16,}(\\s*,\\s*[a-z]+:[A-Za-z0-9._~+/=-]{16,})*\\s*,?\\s*$',
  },
  /** Set by npm to the directory the command was typed in; relative paths resolve against it. */
  INIT_CWD: { type: 'string' },
};

const schema = { type: 'object', properties };

interface RawEnv {
  PORT: number;
  HOST: string;
  NODE_ENV: AppConfig['nodeEnv'];
  DATA_DIR?: string;
  DATABASE_URL?: string;
  SMTP_URL?: string;
  PUBLIC_URL?: string;
  JWT_SECRET?: string;
  SEED_DEMO: string;
  LOG_LEVEL: AppConfig['logLevel'];
  STATIC_ROOT?: string;
  REMOTE_CATALOG_URL: string;
  REMOTE_AUTH_URL: string;
  REMOTE_DASHBOARD_URL: string;
  REMOTE_CATALOG_SSR_URL: string;
  REMOTE_AUTH_SSR_URL?: string;
  REMOTE_DASHBOARD_SSR_URL?: string;
  SERVER_RENDERING: string;
  REMOTE_OVERRIDES?: string;
  SERVE_STATIC?: string;
  RATE_LIMIT_FACTOR: number;
  REDIS_URL?: string;
  STORAGE_URL?: string;
  STORAGE_PUBLIC_URL?: string;
  WEB_CONCURRENCY: number;
  METRICS_TOKEN?: string;
  TRUST_PROXY?: string;
  ADMIN_EMAILS?: string;
  ENGAGEMENT_FLUSH_MS: number;
  DEPLOY_TOKENS?: string;
  SAVED_SEARCH_ALERT_DELAY_MS: number;
  INIT_CWD?: string;
}

const isTrue = (value: string): boolean => ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

/**
 * Reads and validates the configuration.
 *
 * Empty variables count as unset. Relative DATA_DIR / STATIC_ROOT resolve against the directory
 * the npm command was started in (INIT_CWD), else the current directory.
 * When JWT_SECRET is unset, 48 random bytes are generated once, written to DATA_DIR/jwt-secret
 * (mode 0600) and reused on every later start (so sessions survive restarts).
 *
 * @param env the variables to read (default `process.env`)
 * @returns the typed configuration
 * @throws Error naming the offending variable, e.g. `env/PORT must be <= 65535`
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') data[key] = value.trim();
  }
  const raw = envSchema<RawEnv>({ schema, data, env: false, dotenv: false });

  const base = raw.INIT_CWD ?? process.cwd();
  const dataDir = raw.DATA_DIR ? path.resolve(base, raw.DATA_DIR) : path.join(REPO_ROOT, 'data');
  const nodeEnv = raw.NODE_ENV;

  let database: DatabaseConfig;
  if (raw.DATABASE_URL === undefined) database = { engine: 'pglite', dataDir: path.join(dataDir, 'db') };
  else if (raw.DATABASE_URL === 'memory://') database = { engine: 'pglite', dataDir: null };
  else database = { engine: 'postgres', url: raw.DATABASE_URL };

  return {
    port: raw.PORT,
    host: raw.HOST,
    nodeEnv,
    isProduction: nodeEnv === 'production',
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    tempDir: path.join(dataDir, 'tmp'),
    outboxDir: path.join(dataDir, 'outbox'),
    database,
    smtpUrl: raw.SMTP_URL ?? null,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    jwtSecret: raw.JWT_SECRET ?? readOrCreateSecret(dataDir),
    seedDemo: isTrue(raw.SEED_DEMO),
    logLevel: raw.LOG_LEVEL,
    staticRoot: raw.STATIC_ROOT ? path.resolve(base, raw.STATIC_ROOT) : REPO_ROOT,
    remotes: {
      catalog: raw.REMOTE_CATALOG_URL,
      auth: raw.REMOTE_AUTH_URL,
      dashboard: raw.REMOTE_DASHBOARD_URL,
    },
    remoteSsrEntries: {
      catalog: raw.REMOTE_CATALOG_SSR_URL,
      auth: raw.REMOTE_AUTH_SSR_URL ?? null,
      dashboard: raw.REMOTE_DASHBOARD_SSR_URL ?? null,
    },
    serverRendering: isTrue(raw.SERVER_RENDERING),
    remoteOverrides:
      raw.REMOTE_OVERRIDES === undefined ? nodeEnv === 'development' : isTrue(raw.REMOTE_OVERRIDES),
    serveStatic: raw.SERVE_STATIC === undefined ? nodeEnv === 'production' : isTrue(raw.SERVE_STATIC),
    rateLimitFactor: raw.RATE_LIMIT_FACTOR,
    redisUrl: raw.REDIS_URL ?? null,
    storage: raw.STORAGE_URL
      ? parseStorageUrl(raw.STORAGE_URL, env.AWS_REGION)
      : { driver: 'local', dir: path.join(dataDir, 'uploads') },
    storagePublicUrl: raw.STORAGE_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    webConcurrency: raw.WEB_CONCURRENCY,
    metricsToken: raw.METRICS_TOKEN ?? null,
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    adminEmails: parseAdminEmails(raw.ADMIN_EMAILS),
    engagementFlushMs: raw.ENGAGEMENT_FLUSH_MS,
    deployTokens: parseDeployTokens(raw.DEPLOY_TOKENS),
    savedSearchAlertDelayMs: raw.SAVED_SEARCH_ALERT_DELAY_MS,
  };
}

/**
 * DEPLOY_TOKENS `catalog:<token>,auth:<token>` → pairs (ADR 0029).
 * @throws Error `DEPLOY_TOKENS ...` naming an unknown remote
 */
export function parseDeployTokens(value: string | undefined): { remote: RemoteName; token: string }[] {
  const pairs = (value ?? '')
    .split(',')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '');
  return pairs.map((pair) => {
    const [remote, token] = pair.split(':') as [string, string];
    if (!(REMOTE_NAMES as readonly string[]).includes(remote))
      throw new Error(
        `DEPLOY_TOKENS names an unknown remote '${remote}' (expected ${REMOTE_NAMES.join(', ')})`,
      );
    return { remote: remote as RemoteName, token };
  });
}

/** ADMIN_EMAILS → lower-cased addresses, without blanks and repeats (docs/product.md §19.4). */
export function parseAdminEmails(value: string | undefined): string[] {
  const list = (value ?? '').split(',').map((email) => email.trim().toLowerCase());
  return [...new Set(list.filter((email) => email !== ''))];
}

/**
 * Parses STORAGE_URL `s3://bucket[/prefix]?endpoint=http://host:9000&region=eu-west-1[&forcePathStyle=false]`.
 * Credentials are not part of it: the AWS SDK reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY
 * (or a profile, or an instance role) as usual.
 * @throws Error `STORAGE_URL ...` on an unknown parameter or a malformed endpoint
 */
export function parseStorageUrl(value: string, awsRegion?: string): S3StorageConfig {
  const url = new URL(value);
  const known = new Set(['endpoint', 'region', 'forcePathStyle']);
  for (const key of url.searchParams.keys()) {
    if (!known.has(key))
      throw new Error(`STORAGE_URL has an unknown parameter '${key}' (known: ${[...known].join(', ')})`);
  }
  const endpoint = url.searchParams.get('endpoint');
  if (endpoint !== null && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new Error(`STORAGE_URL endpoint must be an http(s) URL, got '${endpoint}'`);
  }
  const pathStyle = url.searchParams.get('forcePathStyle');
  return {
    driver: 's3',
    bucket: url.hostname,
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ''),
    endpoint,
    region: url.searchParams.get('region') ?? awsRegion ?? 'us-east-1',
    forcePathStyle: pathStyle === null ? endpoint !== null : isTrue(pathStyle),
  };
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** True for an IPv4/IPv6 address, optionally with a /prefix length valid for its family. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Parses TRUST_PROXY (ADR 0012): unset → false (trust nobody); digits → a hop count (0 is
 * the same as unset); else a comma-separated list of proxy addresses, CIDRs or the names
 * loopback / linklocal / uniquelocal.
 * @throws Error `env/TRUST_PROXY ...` naming the entry that is none of these
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!PROXY_RANGE_NAMES.includes(entry) && !isAddressOrCidr(entry)) {
      throw new Error(
        `env/TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses/CIDRs: ${JSON.stringify(entry)} is neither`,
      );
    }
  }
  return entries.length === 0 ? false : entries;
}

/**
 * Returns the secret kept in `<dataDir>/jwt-secret`, creating it (48 random bytes, base64url,
 * file mode 0600) when missing. Two processes racing here both end up with the file's content.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * Why WEB_CONCURRENCY > 1 cannot run with `config`, or null when it can (docs/product.md §22.3: workers
 * share state only through PostgreSQL and Redis).
 */
export function webConcurrencyProblem(config: AppConfig): string | null {
  const missing = [
    ...(config.database.engine === 'postgres' ? [] : ['DATABASE_URL (a PostgreSQL server)']),
    ...(config.redisUrl ? [] : ['REDIS_URL']),
  ];
  if (missing.length === 0) return null;
  return (
    `WEB_CONCURRENCY=${config.webConcurrency} needs ${missing.join(' and ')}: workers share the ` +
    'database, rate limits and caches only through them. Set them, or unset WEB_CONCURRENCY to run one process.'
  );
}
