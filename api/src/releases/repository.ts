/**
 * SQL of the release registry (docs/decisions/0029-remote-releases.md): releases, each remote's
 * routing (current, previous, canary), the audit log and deploy tokens. Every change of a
 * remote's releases or routing runs in ONE transaction with its audit row (`transaction`); the
 * routing row is locked (`SELECT … FOR UPDATE`) so two concurrent changes of one remote queue.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, ReleaseAction } from '../db/schema.ts';

/** A release row as read (manifest and checks parsed by the driver from jsonb). */
export interface ReleaseRow {
  remote: string;
  version: string;
  git_commit: string | null;
  manifest: unknown;
  has_server_build: boolean;
  released_by: string;
  created_at: Date;
  checks: unknown;
}

/** A remote's routing row. */
export interface RoutingRow {
  remote: string;
  current_version: string | null;
  previous_version: string | null;
  canary_version: string | null;
  canary_percent: number;
  updated_at: Date;
  updated_by: string | null;
}

/** One audit row. */
export interface ReleaseAuditRow {
  id: string;
  remote: string;
  action: ReleaseAction;
  version: string | null;
  actor: string;
  reason: string | null;
  created_at: Date;
}

/** What a new release row holds. */
export interface NewRelease {
  remote: string;
  version: string;
  gitCommit: string | null;
  manifest: unknown;
  hasServerBuild: boolean;
  releasedBy: string;
  checks: unknown;
}

/** The routing fields a change sets. */
export interface RoutingChange {
  current_version: string | null;
  previous_version: string | null;
  canary_version: string | null;
  canary_percent: number;
}

/** Queries usable inside a transaction (`ReleasesRepository.transaction`). */
export interface ReleasesTx {
  /** The remote's routing row, locked until the transaction ends (undefined when it has none). */
  lockRouting(remote: string): Promise<RoutingRow | undefined>;
  /** Inserts or replaces the remote's routing row. */
  saveRouting(remote: string, change: RoutingChange, actor: string, now: Date): Promise<void>;
  findRelease(remote: string, version: string): Promise<ReleaseRow | undefined>;
  /** Inserts a release; false when (remote, version) already exists (nothing written). */
  insertRelease(release: NewRelease, now: Date): Promise<boolean>;
  deleteRelease(remote: string, version: string): Promise<void>;
  /**
   * Versions of `remote` that may be pruned: not current, previous or canary and not among the
   * newest `keep` releases, oldest first.
   */
  prunable(remote: string, keep: number): Promise<string[]>;
  audit(entry: {
    remote: string;
    action: ReleaseAction;
    version: string | null;
    actor: string;
    reason: string | null;
    now: Date;
  }): Promise<void>;
}

export type ReleasesRepository = ReturnType<typeof releasesRepository>;

const RELEASE_COLUMNS = [
  'remote',
  'version',
  'git_commit',
  'manifest',
  'has_server_build',
  'released_by',
  'created_at',
  'checks',
] as const;

/** jsonb columns come back parsed from `pg`; PGlite too. A string is parsed for safety. */
const parsed = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

const toRelease = (row: ReleaseRow): ReleaseRow => ({
  ...row,
  manifest: parsed(row.manifest),
  checks: parsed(row.checks),
});

function queries(db: Kysely<Database> | Transaction<Database>): ReleasesTx {
  return {
    async lockRouting(remote) {
      return db
        .selectFrom('remote_routing')
        .selectAll()
        .where('remote', '=', remote)
        .forUpdate()
        .executeTakeFirst();
    },
    async saveRouting(remote, change, actor, now) {
      await db
        .insertInto('remote_routing')
        .values({ remote, ...change, updated_at: now, updated_by: actor })
        .onConflict((oc) =>
          oc.column('remote').doUpdateSet({ ...change, updated_at: now, updated_by: actor }),
        )
        .execute();
    },
    async findRelease(remote, version) {
      const row = await db
        .selectFrom('releases')
        .select(RELEASE_COLUMNS)
        .where('remote', '=', remote)
        .where('version', '=', version)
        .executeTakeFirst();
      return row ? toRelease(row as ReleaseRow) : undefined;
    },
    async insertRelease(release, now) {
      const result = await db
        .insertInto('releases')
        .values({
          remote: release.remote,
          version: release.version,
          git_commit: release.gitCommit,
          manifest: JSON.stringify(release.manifest),
          has_server_build: release.hasServerBuild,
          released_by: release.releasedBy,
          created_at: now,
          checks: JSON.stringify(release.checks),
        })
        .onConflict((oc) => oc.columns(['remote', 'version']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async deleteRelease(remote, version) {
      await db.deleteFrom('releases').where('remote', '=', remote).where('version', '=', version).execute();
    },
    async prunable(remote, keep) {
      const rows = await sql<{ version: string }>`
        SELECT r.version FROM releases r
        LEFT JOIN remote_routing rr ON rr.remote = r.remote
        WHERE r.remote = ${remote}
          AND r.version IS DISTINCT FROM rr.current_version
          AND r.version IS DISTINCT FROM rr.previous_version
          AND r.version IS DISTINCT FROM rr.canary_version
          AND r.version NOT IN (
            SELECT version FROM releases WHERE remote = ${remote}
            ORDER BY created_at DESC, version DESC LIMIT ${keep}
          )
        ORDER BY r.created_at, r.version`.execute(db);
      return rows.rows.map((row) => row.version);
    },
    async audit(entry) {
      await db
        .insertInto('release_audit')
        .values({
          remote: entry.remote,
          action: entry.action,
          version: entry.version,
          actor: entry.actor,
          reason: entry.reason,
          created_at: entry.now,
        })
        .execute();
    },
  };
}

/** Builds the release registry's repository over `db`. */
export function releasesRepository(db: Kysely<Database>) {
  const plain = queries(db);
  return {
    /** Runs `work` in one transaction (all its writes commit together or not at all). */
    transaction<T>(work: (tx: ReleasesTx) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(queries(trx)));
    },

    findRelease: plain.findRelease,

    /** Writes one audit row on its own (a refused release: nothing else is written). */
    audit: plain.audit,

    /** Every remote's routing row. */
    async routingRows(): Promise<RoutingRow[]> {
      return db.selectFrom('remote_routing').selectAll().orderBy('remote').execute();
    },

    /** The remote's newest releases first, at most `limit`. */
    async releases(remote: string, limit: number): Promise<ReleaseRow[]> {
      const rows = await db
        .selectFrom('releases')
        .select(RELEASE_COLUMNS)
        .where('remote', '=', remote)
        .orderBy('created_at', 'desc')
        .orderBy('version', 'desc')
        .limit(limit)
        .execute();
      return (rows as ReleaseRow[]).map(toRelease);
    },

    /** Audit rows, newest first, of one remote or all. */
    async auditRows(remote: string | null, limit: number): Promise<ReleaseAuditRow[]> {
      let query = db.selectFrom('release_audit').selectAll();
      if (remote !== null) query = query.where('remote', '=', remote);
      return query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    },

    /** The remote and label of a minted deploy token, by its SHA-256 hex hash. */
    async tokenByHash(hash: string): Promise<{ remote: string; label: string } | undefined> {
      return db
        .selectFrom('deploy_tokens')
        .select(['remote', 'label'])
        .where('token_hash', '=', hash)
        .executeTakeFirst();
    },

    /** Stores a minted deploy token's hash. */
    async insertToken(remote: string, hash: string, label: string): Promise<void> {
      await db.insertInto('deploy_tokens').values({ remote, token_hash: hash, label }).execute();
    },
  };
}
