/**
 * `npm run admin -- grant|revoke EMAIL` (docs/product.md §19.4): gives or takes `role: admin` of the
 * account with that e-mail, in PostgreSQL (DATABASE_URL) or in a STOPPED embedded database
 * (DATA_DIR/db). While a server holds the embedded database's folder lock, it touches nothing
 * and says to use ADMIN_EMAILS or stop the server (two processes on one PGlite folder lose rows,
 * docs/stack-notes.md "PGlite vs PostgreSQL"). Exit codes: 0 done, 1 failed (no such account, locked folder, bad usage).
 *
 * `npm run admin -- token REMOTE [LABEL]` mints a deploy token of the release API for that
 * remote (docs/decisions/0029-remote-releases.md): stored as its SHA-256 hash, printed once.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { adminRepository } from '../admin/repository.ts';
import { loadConfig, REMOTE_NAMES } from '../config.ts';
import { createDatabase, DatabaseLockedError } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { releasesRepository } from '../releases/repository.ts';
import { hashToken, newDeployToken } from '../releases/tokens.ts';

export const ADMIN_USAGE = 'Usage: npm run admin -- grant|revoke EMAIL | token REMOTE [LABEL]';

/** The outcome of one command: exit code and the line to print. */
export interface AdminCommandResult {
  code: 0 | 1;
  message: string;
}

/**
 * Runs `grant EMAIL` or `revoke EMAIL` against the configured database.
 * @param argv the arguments after `--`
 * @param env the environment (DATABASE_URL, DATA_DIR)
 */
export async function runAdminCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<AdminCommandResult> {
  let action: string | undefined;
  let email: string | undefined;
  try {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true });
    [action, email] = positionals;
    const tokenArgs = action === 'token' && (positionals.length === 2 || positionals.length === 3);
    if (positionals.length !== 2 && !tokenArgs) throw new Error('two arguments expected');
  } catch {
    return { code: 1, message: ADMIN_USAGE };
  }
  if (action === 'token') return mintToken(argv.slice(1), env);
  if ((action !== 'grant' && action !== 'revoke') || !email?.includes('@')) {
    return { code: 1, message: ADMIN_USAGE };
  }
  const opened = await openDatabase(env);
  if ('code' in opened) return opened;
  const database = opened;
  try {
    await migrateToLatest(database.db);
    const changed = await adminRepository(database.db).setRoleByEmail(
      email,
      action === 'grant' ? 'admin' : 'user',
    );
    if (!changed) return { code: 1, message: `No account has the e-mail ${email}.` };
    return {
      code: 0,
      message: action === 'grant' ? `${email} is now an admin.` : `${email} is no longer an admin.`,
    };
  } finally {
    await database.destroy();
  }
}

/**
 * `token REMOTE [LABEL]`: stores a new deploy token's hash for REMOTE and prints the token once
 * (ADR 0029). The label (default `token:<remote>:<date>`) names the token in the audit log.
 */
async function mintToken([remote, label]: string[], env: NodeJS.ProcessEnv): Promise<AdminCommandResult> {
  if (!remote || !(REMOTE_NAMES as readonly string[]).includes(remote))
    return {
      code: 1,
      message: `Unknown remote '${remote ?? ''}': expected one of ${REMOTE_NAMES.join(', ')}. ${ADMIN_USAGE}`,
    };
  const opened = await openDatabase(env);
  if ('code' in opened) return opened;
  try {
    await migrateToLatest(opened.db);
    const token = newDeployToken();
    const name = label?.trim() || `token:${remote}:${new Date().toISOString().slice(0, 10)}`;
    await releasesRepository(opened.db).insertToken(remote, hashToken(token), name.slice(0, 200));
    return {
      code: 0,
      message: `Deploy token for ${remote} (${name}); it is shown only now:\n${token}`,
    };
  } finally {
    await opened.destroy();
  }
}

/** Opens the configured database without waiting for a running server's lock. */
async function openDatabase(
  env: NodeJS.ProcessEnv,
): Promise<Awaited<ReturnType<typeof createDatabase>> | AdminCommandResult> {
  const config = loadConfig(env);
  let database: Awaited<ReturnType<typeof createDatabase>>;
  try {
    // No waiting: a held lock means a running server.
    database = await createDatabase(config.database, { lockWaitMs: 0 });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      return {
        code: 1,
        message:
          `The embedded database in ${error.dataDir} is in use by a running server; nothing was changed. ` +
          'Add the address to ADMIN_EMAILS and restart the server (or log in again), or stop the server and run this again.',
      };
    }
    return { code: 1, message: `Could not open the database: ${(error as Error).message}` };
  }
  return database;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runAdminCommand(process.argv.slice(2));
  (result.code === 0 ? console.log : console.error)(result.message);
  process.exitCode = result.code;
}
