/**
 * Migration 0016: remote releases (docs/decisions/0029-remote-releases.md).
 *
 * - `releases`: one immutable build of a remote (browser build and, for server-rendered remotes,
 *   its Node build), keyed by (remote, version). `manifest` is a summary of its mf-manifest.json
 *   (exposes, shared {name: version}, remoteEntry name, contract hash); `checks` what the gate
 *   passed or skipped. The files live in storage (`DATA_DIR/releases/<remote>/<version>/` or the
 *   bucket), never in the database.
 * - `remote_routing`: the movable pointers of a remote: current, previous, canary version and
 *   the canary's share of visitors (0-100 %).
 * - `release_audit`: who did what to a remote's releases, when and why (every change of the two
 *   tables above writes one row in the same transaction).
 * - `deploy_tokens`: deploy tokens minted by `npm run admin -- token`, stored as SHA-256 hashes.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE releases (
      remote text NOT NULL,
      version text NOT NULL,
      git_commit text,
      manifest jsonb NOT NULL,
      has_server_build boolean NOT NULL DEFAULT false,
      released_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      checks jsonb NOT NULL DEFAULT '[]'::jsonb,
      PRIMARY KEY (remote, version)
    )`.execute(db);
  await sql`CREATE INDEX releases_remote_created_idx ON releases (remote, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE remote_routing (
      remote text PRIMARY KEY,
      current_version text,
      previous_version text,
      canary_version text,
      canary_percent integer NOT NULL DEFAULT 0 CHECK (canary_percent BETWEEN 0 AND 100),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text
    )`.execute(db);
  await sql`
    CREATE TABLE release_audit (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      remote text NOT NULL,
      action text NOT NULL CHECK (action IN
        ('release', 'refuse', 'promote', 'rollback', 'canary', 'canary_end', 'auto_rollback', 'prune')),
      version text,
      actor text NOT NULL,
      reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX release_audit_remote_created_idx ON release_audit (remote, created_at DESC)`.execute(
    db,
  );
  await sql`
    CREATE TABLE deploy_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      remote text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      label text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS deploy_tokens`.execute(db);
  await sql`DROP TABLE IF EXISTS release_audit`.execute(db);
  await sql`DROP TABLE IF EXISTS remote_routing`.execute(db);
  await sql`DROP TABLE IF EXISTS releases`.execute(db);
}
