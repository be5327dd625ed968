/**
 * Server configuration, read once from environment variables and validated with `env-schema`
 * (ARCHITECTURE "Runtime contract"). Everything else in the API receives an `AppConfig` instead
 * of reading `process.env`, so tests can build apps with any configuration side by side.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/** The names of the module federation remotes (ARCHITECTURE "Module federation"). */
export const REMOTE_NAMES = ['catalog', 'auth', 'dashboard'] as const;
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
  /** Serve the built site, the remotes and `/remotes.json` (SERVE_STATIC, default in production). */
  serveStatic: boolean;
  /**
   * Multiplier of every rate limit's allowance (RATE_LIMIT_FACTOR, default 1; e.g. 100 for an
   * e2e run that signs up and logs in many times from one address). See `auth/rate-limits.ts`.
   */
  rateLimitFactor: number;
}

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
  SERVE_STATIC: { type: 'string', enum: BOOLEAN_VALUES },
  RATE_LIMIT_FACTOR: { type: 'number', exclusiveMinimum: 0, maximum: 1000000, default: 1 },
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
  SERVE_STATIC?: string;
  RATE_LIMIT_FACTOR: number;
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
    serveStatic: raw.SERVE_STATIC === undefined ? nodeEnv === 'production' : isTrue(raw.SERVE_STATIC),
    rateLimitFactor: raw.RATE_LIMIT_FACTOR,
  };
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
