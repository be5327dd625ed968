/**
 * The release registry's use cases (docs/decisions/0029-remote-releases.md): upload a release
 * through the gate, promote, roll back, start / change / end a canary, roll a canary back
 * automatically, list releases and the audit log, prune old releases.
 *
 * Rules:
 * - A release is immutable: its version is the content hash of its files (`releaseVersion`), so
 *   the same build uploaded twice is the same release (answered as already there, nothing written).
 * - Every change of a remote's routing is ONE transaction with its audit row; the routing row is
 *   locked while it is read and written, so concurrent changes of one remote queue.
 * - `rollback` swaps current and previous (a second rollback undoes the first); the first release
 *   rolls back to the checkout's build (current null).
 * - A release that is current, previous, canary or one of the newest `KEEP_RELEASES` of its remote
 *   is never deleted; older ones are pruned after each accepted upload (audited 'prune').
 * - A refused release writes only its 'refuse' audit row: no release row, no files.
 * - `deps.onChange(remote)` runs after each committed routing change (cache invalidation and
 *   cross-process notice, wired by the serving side); its failure is logged, never undoes it.
 */
import { createHash } from 'node:crypto';
import { REMOTE_NAMES, type RemoteName } from '../config.ts';
import type { ReleaseAction } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import type { ReleaseCheck, ReleaseManifestSummary } from './manifest.ts';
import type { ReleaseAuditRow, ReleaseRow, ReleasesRepository, RoutingRow } from './repository.ts';

/** Releases of a remote that are never pruned besides current, previous and canary. */
export const KEEP_RELEASES = 10;
/** Releases listed per remote by `list` (newest first). */
export const LIST_LIMIT = 50;
/** Audit rows listed by `audit`. */
export const AUDIT_LIMIT = 100;

/** A remote's routing as the serving side reads it. */
export interface RemoteRouting {
  current: string | null;
  previous: string | null;
  canary: { version: string; percent: number } | null;
  /** ISO 8601, or null when the remote has never been routed. */
  updatedAt: string | null;
}

/** A release as the API answers it. */
export interface ReleaseJson {
  remote: string;
  version: string;
  gitCommit: string | null;
  manifest: ReleaseManifestSummary;
  hasServerBuild: boolean;
  releasedBy: string;
  createdAt: string;
  checks: ReleaseCheck[];
}

/** An audit row as the API answers it: the row's fields, with `createdAt` an ISO 8601 text. */
export type ReleaseAuditJson = Omit<ReleaseAuditRow, 'created_at'> & { createdAt: string };

/** One file of an uploaded release (path relative to the dist root, '/'-separated). */
export interface StagedFile {
  path: string;
  /** sha256 hex of the content. */
  sha256: string;
  /** bytes */
  size: number;
}

/** An uploaded dist, extracted and hashed (`upload.ts`), not yet stored. */
export interface StagedRelease {
  /** Folder holding the extracted files. */
  dir: string;
  files: StagedFile[];
  /** The git commit the uploader gave, or null. */
  gitCommit: string | null;
}

/** What the gate needs (built by `gate.ts`). */
export interface ReleaseGate {
  /**
   * Runs the static checks on a staged release.
   * @returns the manifest summary and the checks (any 'failed' refuses the release)
   */
  check(
    remote: RemoteName,
    staged: StagedRelease,
  ): Promise<{ summary: ReleaseManifestSummary | null; checks: ReleaseCheck[] }>;
}

/** Where release files are kept (`storage.ts`). */
export interface ReleaseFiles {
  /** Copies the staged files to `releases/<remote>/<version>/`; idempotent. */
  store(remote: string, version: string, staged: StagedRelease): Promise<void>;
  /** Deletes `releases/<remote>/<version>/`; missing is fine. */
  remove(remote: string, version: string): Promise<void>;
}

export interface ReleasesServiceDeps {
  gate?: ReleaseGate;
  files?: ReleaseFiles;
  /** Called after each committed routing change. */
  onChange?: (remote: RemoteName) => void | Promise<void>;
  /** Server-side smoke render of a stored release (absent: the check is recorded as skipped). */
  smokeRender?: (remote: RemoteName, version: string) => Promise<{ ok: boolean; failures: string[] }>;
  now?: () => Date;
  log?: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void };
}

export type ReleasesService = ReturnType<typeof releasesService>;

/** Messages of refusals and wrong transitions (tests and the CLI match on them). */
export const RELEASE_MESSAGES = {
  unknownRemote: (remote: string) => `Unknown remote '${remote}': expected one of ${REMOTE_NAMES.join(', ')}`,
  releaseNotFound: (remote: string, version: string) => `Release ${version} of ${remote} not found`,
  alreadyCurrent: (remote: string, version: string) => `Release ${version} is already current for ${remote}`,
  noPrevious: (remote: string) => `${remote} has no release to roll back`,
  noCanary: (remote: string) => `${remote} has no canary to end`,
  canaryIsCurrent: (version: string) => `Release ${version} is current: a canary must be another release`,
  refused: (remote: string, failures: string[]) => `Release of ${remote} refused: ${failures.join('; ')}`,
} as const;

/** Checks `remote` is one of REMOTE_NAMES. @throws HttpError 404 otherwise */
export function assertRemote(remote: string): asserts remote is RemoteName {
  if (!(REMOTE_NAMES as readonly string[]).includes(remote))
    throw notFound(RELEASE_MESSAGES.unknownRemote(remote));
}

/**
 * The version id of a build: the first 12 hex of sha256 over its files' `<path>\0<sha256>\n`
 * lines sorted by path, prefixed by the first 7 characters of the git commit when known
 * (`<hash>` or `<commit7>-<hash>`; ADR 0029).
 */
export function releaseVersion(files: StagedFile[], gitCommit: string | null): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)))
    hash.update(`${file.path}\0${file.sha256}\n`);
  const content = hash.digest('hex').slice(0, 12);
  return gitCommit ? `${gitCommit.slice(0, 7).toLowerCase()}-${content}` : content;
}

const iso = (date: Date | string | null): string | null =>
  date === null ? null : (date instanceof Date ? date : new Date(date)).toISOString();

/** A remote's routing row as the release API answers it (no row: nothing released; a 0 % canary reads as none; ADR 0029). */
export const toRouting = (row: RoutingRow | undefined): RemoteRouting => ({
  current: row?.current_version ?? null,
  previous: row?.previous_version ?? null,
  canary:
    row?.canary_version && row.canary_percent > 0
      ? { version: row.canary_version, percent: row.canary_percent }
      : null,
  updatedAt: iso(row?.updated_at ?? null),
});

/** A release row as the release API answers it (dates as ISO 8601 strings; ADR 0029). */
export const toReleaseJson = (row: ReleaseRow): ReleaseJson => ({
  remote: row.remote,
  version: row.version,
  gitCommit: row.git_commit,
  manifest: row.manifest as ReleaseManifestSummary,
  hasServerBuild: row.has_server_build,
  releasedBy: row.released_by,
  createdAt: iso(row.created_at) as string,
  checks: row.checks as ReleaseCheck[],
});

const toAuditJson = (row: ReleaseAuditRow): ReleaseAuditJson => ({
  id: row.id,
  remote: row.remote,
  action: row.action,
  version: row.version,
  actor: row.actor,
  reason: row.reason,
  createdAt: iso(row.created_at) as string,
});

/** Builds the release registry's service (see the module comment). */
export function releasesService(repository: ReleasesRepository, deps: ReleasesServiceDeps = {}) {
  const clock = deps.now ?? (() => new Date());
  // Audit rows are ordered by time: successive changes in this process get distinct instants.
  let last = 0;
  const now = (): Date => {
    const time = Math.max(clock().getTime(), last + 1);
    last = time;
    return new Date(time);
  };
  const clean = (reason: string | undefined | null): string | null => {
    const value = reason?.trim() ?? '';
    return value === '' ? null : value.slice(0, 1000);
  };

  async function changed(remote: RemoteName): Promise<void> {
    try {
      await deps.onChange?.(remote);
    } catch (error) {
      deps.log?.error({ err: error, remote }, 'release change listener failed');
    }
  }

  /**
   * Locks the remote's routing, lets `decide` compute the new pointers (or throw an HttpError),
   * saves them with one audit row in the same transaction, then notifies `onChange`.
   */
  async function transition(
    remote: RemoteName,
    actor: string,
    decide: (
      routing: RoutingRow | undefined,
      tx: Parameters<Parameters<ReleasesRepository['transaction']>[0]>[0],
    ) => Promise<{
      change: {
        current_version: string | null;
        previous_version: string | null;
        canary_version: string | null;
        canary_percent: number;
      };
      action: ReleaseAction;
      version: string | null;
      reason: string | null;
    } | null>,
  ): Promise<RemoteRouting | null> {
    const result = await repository.transaction(async (tx) => {
      const routing = await tx.lockRouting(remote);
      const decision = await decide(routing, tx);
      if (!decision) return null;
      const at = now();
      await tx.saveRouting(remote, decision.change, actor, at);
      await tx.audit({
        remote,
        action: decision.action,
        version: decision.version,
        actor,
        reason: decision.reason,
        now: at,
      });
      return toRouting({ remote, ...decision.change, updated_at: at, updated_by: actor });
    });
    if (result) await changed(remote);
    return result;
  }

  const pointers = (routing: RoutingRow | undefined) => ({
    current_version: routing?.current_version ?? null,
    previous_version: routing?.previous_version ?? null,
    canary_version: routing?.canary_percent ? (routing.canary_version ?? null) : null,
    canary_percent: routing?.canary_percent ?? 0,
  });

  async function refuse(
    remote: RemoteName,
    version: string | null,
    actor: string,
    failures: string[],
    checks: ReleaseCheck[],
  ): Promise<never> {
    const message = RELEASE_MESSAGES.refused(remote, failures);
    await repository.audit({
      remote,
      action: 'refuse',
      version,
      actor,
      reason: message.slice(0, 1000),
      now: now(),
    });
    const error = new HttpError(422, message) as HttpError & { checks?: ReleaseCheck[] };
    error.checks = checks;
    throw error;
  }

  return {
    /** Every remote's routing (remotes never routed: all null). */
    async routing(): Promise<Record<RemoteName, RemoteRouting>> {
      const rows = await repository.routingRows();
      const byRemote = new Map(rows.map((row) => [row.remote, row]));
      return Object.fromEntries(REMOTE_NAMES.map((name) => [name, toRouting(byRemote.get(name))])) as Record<
        RemoteName,
        RemoteRouting
      >;
    },

    /** The remote's releases, newest first (at most `limit`). @throws HttpError 404 for an unknown remote */
    async list(remote: string, limit = LIST_LIMIT): Promise<ReleaseJson[]> {
      assertRemote(remote);
      return (await repository.releases(remote, limit)).map(toReleaseJson);
    },

    /** One release, or null. */
    async find(remote: string, version: string): Promise<ReleaseJson | null> {
      assertRemote(remote);
      const row = await repository.findRelease(remote, version);
      return row ? toReleaseJson(row) : null;
    },

    /** Audit rows newest first, of one remote or all. */
    async audit(remote?: string, limit = AUDIT_LIMIT): Promise<ReleaseAuditJson[]> {
      if (remote !== undefined) assertRemote(remote);
      return (await repository.auditRows(remote ?? null, limit)).map(toAuditJson);
    },

    /**
     * Makes `version` current; the old current becomes previous; a canary of that version ends.
     * @throws HttpError 404 unknown remote or release, 409 already current
     */
    async promote(remote: string, version: string, actor: string, reason?: string): Promise<RemoteRouting> {
      assertRemote(remote);
      return (await transition(remote, actor, async (routing, tx) => {
        if (!(await tx.findRelease(remote, version)))
          throw notFound(RELEASE_MESSAGES.releaseNotFound(remote, version));
        const before = pointers(routing);
        if (before.current_version === version)
          throw new HttpError(409, RELEASE_MESSAGES.alreadyCurrent(remote, version));
        const endsCanary = before.canary_version === version;
        return {
          change: {
            current_version: version,
            previous_version: before.current_version ?? before.previous_version,
            canary_version: endsCanary ? null : before.canary_version,
            canary_percent: endsCanary ? 0 : before.canary_percent,
          },
          action: 'promote',
          version,
          reason: clean(reason),
        };
      })) as RemoteRouting;
    },

    /**
     * Swaps current and previous (the canary stays; a canary of the version that becomes current
     * ends). With no previous release, the current one is rolled back to the checkout's build
     * (current null), which the site serves when nothing is released; a second rollback undoes it.
     * @throws HttpError 404 unknown remote, 409 when neither a current nor a previous release exists
     */
    async rollback(remote: string, actor: string, reason?: string): Promise<RemoteRouting> {
      assertRemote(remote);
      return (await transition(remote, actor, async (routing) => {
        const before = pointers(routing);
        if (!before.previous_version && !before.current_version)
          throw new HttpError(409, RELEASE_MESSAGES.noPrevious(remote));
        const endsCanary =
          before.previous_version !== null && before.canary_version === before.previous_version;
        return {
          change: {
            current_version: before.previous_version,
            previous_version: before.current_version,
            canary_version: endsCanary ? null : before.canary_version,
            canary_percent: endsCanary ? 0 : before.canary_percent,
          },
          action: 'rollback',
          version: before.previous_version,
          reason: clean(reason) ?? (before.previous_version ? null : "back to the site's own build"),
        };
      })) as RemoteRouting;
    },

    /**
     * Shows `version` to `percent` % of visitors (1-100), or ends the canary (percent 0).
     * @throws HttpError 400 percent outside 0-100, 404 unknown remote or release, 409 canary of
     *   the current release or no canary to end
     */
    async setCanary(
      remote: string,
      version: string | null,
      percent: number,
      actor: string,
      reason?: string,
    ): Promise<RemoteRouting> {
      assertRemote(remote);
      if (!Number.isInteger(percent) || percent < 0 || percent > 100)
        throw new HttpError(400, 'percent must be an integer from 0 to 100', {
          percent: 'percent must be an integer from 0 to 100',
        });
      return (await transition(remote, actor, async (routing, tx) => {
        const before = pointers(routing);
        if (percent === 0) {
          if (!before.canary_version) throw new HttpError(409, RELEASE_MESSAGES.noCanary(remote));
          return {
            change: { ...before, canary_version: null, canary_percent: 0 },
            action: 'canary_end',
            version: before.canary_version,
            reason: clean(reason),
          };
        }
        if (!version) throw new HttpError(400, 'version is required', { version: 'version is required' });
        if (!(await tx.findRelease(remote, version)))
          throw notFound(RELEASE_MESSAGES.releaseNotFound(remote, version));
        if (before.current_version === version)
          throw new HttpError(409, RELEASE_MESSAGES.canaryIsCurrent(version));
        return {
          change: { ...before, canary_version: version, canary_percent: percent },
          action: 'canary',
          version,
          reason: clean(reason) ?? `${percent} %`,
        };
      })) as RemoteRouting;
    },

    /**
     * Ends the canary when it is still `version` (audited 'auto_rollback' with `reason`).
     * @returns true when it ended it, false when the canary had already changed or ended
     */
    async rollbackCanary(
      remote: string,
      version: string,
      reason: string,
      actor = 'system',
    ): Promise<boolean> {
      assertRemote(remote);
      const result = await transition(remote, actor, async (routing) => {
        const before = pointers(routing);
        if (before.canary_version !== version) return null;
        return {
          change: { ...before, canary_version: null, canary_percent: 0 },
          action: 'auto_rollback',
          version,
          reason: clean(reason),
        };
      });
      if (result) deps.log?.warn({ remote, version, reason }, 'canary rolled back automatically');
      return result !== null;
    },

    /**
     * Accepts an uploaded, extracted release: computes its version, runs the gate, stores its
     * files, runs the smoke render, registers it and prunes old releases.
     * @returns the release and whether it is new (false: the same build was already released)
     * @throws HttpError 404 unknown remote; 422 refused by the gate (message names each failure;
     *   `checks` holds every check), after writing the 'refuse' audit row only
     */
    async release(
      remote: string,
      staged: StagedRelease,
      actor: string,
    ): Promise<{ release: ReleaseJson; created: boolean }> {
      assertRemote(remote);
      if (!deps.gate || !deps.files)
        throw new Error('releasesService: release needs deps.gate and deps.files');
      const version = releaseVersion(staged.files, staged.gitCommit);
      const existing = await repository.findRelease(remote, version);
      if (existing) return { release: toReleaseJson(existing), created: false };

      const { summary, checks } = await deps.gate.check(remote, staged);
      const failed = () => checks.filter((check) => check.status === 'failed').map((check) => check.message);
      if (!summary || failed().length > 0) return refuse(remote, version, actor, failed(), checks);

      await deps.files.store(remote, version, staged);
      try {
        if (
          deps.smokeRender &&
          summary &&
          staged.files.some((file) => file.path === 'server/remoteEntry.js')
        ) {
          const smoke = await deps.smokeRender(remote, version);
          checks.push(
            smoke.ok
              ? {
                  name: 'smoke-render',
                  status: 'passed',
                  message: 'server-rendered routes rendered with real data',
                }
              : {
                  name: 'smoke-render',
                  status: 'failed',
                  message: `smoke render failed: ${smoke.failures.join('; ')}`,
                },
          );
        } else {
          checks.push({
            name: 'smoke-render',
            status: 'skipped',
            message: deps.smokeRender
              ? 'the remote is rendered in the browser only'
              : 'no smoke renderer configured',
          });
        }
        if (failed().length > 0) {
          await deps.files.remove(remote, version);
          return refuse(remote, version, actor, failed(), checks);
        }
        const at = now();
        const { created, pruned } = await repository.transaction(async (tx) => {
          const inserted = await tx.insertRelease(
            {
              remote,
              version,
              gitCommit: staged.gitCommit,
              manifest: summary,
              hasServerBuild: staged.files.some((f) => f.path.startsWith('server/')),
              releasedBy: actor,
              checks,
            },
            at,
          );
          if (!inserted) return { created: false, pruned: [] as string[] };
          await tx.audit({ remote, action: 'release', version, actor, reason: null, now: at });
          const prunable = await tx.prunable(remote, KEEP_RELEASES);
          for (const old of prunable) {
            await tx.deleteRelease(remote, old);
            await tx.audit({
              remote,
              action: 'prune',
              version: old,
              actor,
              reason: `older than the newest ${KEEP_RELEASES}`,
              now: at,
            });
          }
          return { created: true, pruned: prunable };
        });
        for (const old of pruned) {
          await deps.files
            .remove(remote, old)
            .catch((error) =>
              deps.log?.error({ err: error, remote, version: old }, 'removing a pruned release failed'),
            );
        }
        const row = await repository.findRelease(remote, version);
        return { release: toReleaseJson(row as ReleaseRow), created };
      } catch (error) {
        // Not registered (refused, or the database failed): its files go too. A concurrent upload
        // of the same build that did register keeps them (the row exists).
        if (!(await repository.findRelease(remote, version).catch(() => undefined)))
          await deps.files.remove(remote, version).catch(() => {});
        throw error;
      }
    },

    /** Writes a 'refuse' audit row for an upload refused before its version was known (bad archive). */
    async refuseUpload(remote: RemoteName, actor: string, reason: string): Promise<void> {
      await repository.audit({
        remote,
        action: 'refuse',
        version: null,
        actor,
        reason: reason.slice(0, 1000),
        now: now(),
      });
    },
  };
}
