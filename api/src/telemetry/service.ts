/**
 * Health of remote versions and the automatic rollback of a failing canary (docs/decisions/
 * 0029-remote-releases.md, "Serving"). Page views are counted by the server for each remote a
 * rendered page uses, errors from the browsers' reports (`POST /api/v1/telemetry/remote-errors`)
 * and from the server's own render failures. When the canary of a remote fails too often —
 * by default more than 5 % of its page views AND at least 20 errors within 5 minutes — the
 * registry ends that canary (`rollbackCanary`, audited 'auto_rollback' with the numbers) and it is
 * logged. The counts are shared by all processes when the store is Redis.
 */
import type { RoutingTable } from '../remotes/resolution.ts';
import type { HealthStore, VersionHealth } from './health-store.ts';

/** When a canary is rolled back by itself. */
export interface AutoRollbackPolicy {
  /** Window of the counts, ms (default 5 minutes). */
  windowMs: number;
  /** Fewest errors in the window before a canary can be rolled back (default 20). */
  minErrors: number;
  /** Error rate (errors / page views) above which it is rolled back (default 0.05). */
  maxErrorRate: number;
}

export const DEFAULT_AUTO_ROLLBACK: AutoRollbackPolicy = {
  windowMs: 5 * 60_000,
  minErrors: 20,
  maxErrorRate: 0.05,
};

export type RemoteErrorKind = 'load' | 'render';

export interface RemoteErrorReport {
  remote: string;
  version: string;
  route: string;
  kind: RemoteErrorKind;
  message?: string;
}

export interface TelemetryDeps {
  store: HealthStore;
  /** The routing every process serves (to know which version is a canary). */
  routing: () => Promise<RoutingTable>;
  /** Ends `remote`'s canary if it is still `version` (releases service `rollbackCanary`). */
  rollbackCanary: (remote: string, version: string, reason: string) => Promise<unknown>;
  policy?: Partial<AutoRollbackPolicy>;
  /** Clock, ms since the epoch (tests inject one). */
  now?: () => number;
  /** Prometheus counters of this process (views, errors). */
  onView?: (remote: string, version: string) => void;
  onError?: (report: RemoteErrorReport, source: 'browser' | 'server') => void;
  log: { info(object: unknown, message: string): void; warn(object: unknown, message: string): void };
}

export interface HealthRow extends VersionHealth {
  /** errors / views, 0 when there were no views and no errors. */
  errorRate: number;
}

export type TelemetryService = ReturnType<typeof telemetryService>;

/** Error rate of counts (errors per page view; errors without views count as 1). */
export function errorRate(views: number, errors: number): number {
  if (errors === 0) return 0;
  return views === 0 ? 1 : errors / views;
}

/** Builds the telemetry service (see the module comment). */
export function telemetryService(deps: TelemetryDeps) {
  const policy: AutoRollbackPolicy = { ...DEFAULT_AUTO_ROLLBACK, ...deps.policy };
  const now = deps.now ?? Date.now;
  const checking = new Map<string, Promise<boolean>>();

  /**
   * Rolls `remote`'s canary back when it is `version` and over the policy's threshold.
   * @returns true when this call rolled it back
   */
  const checkCanary = async (remote: string, version: string): Promise<boolean> => {
    const routing = (await deps.routing())[remote as keyof RoutingTable];
    if (routing?.canary?.version !== version) return false;
    const rows = await deps.store.window(now(), policy.windowMs);
    const row = rows.find((item) => item.remote === remote && item.version === version);
    if (!row || row.errors < policy.minErrors) return false;
    const rate = errorRate(row.views, row.errors);
    if (rate <= policy.maxErrorRate) return false;
    const minutes = Math.round(policy.windowMs / 60_000);
    const reason = `error rate ${(rate * 100).toFixed(1)} % (${row.errors} errors in ${row.views} page views over ${minutes} min) is above ${(policy.maxErrorRate * 100).toFixed(1)} %`;
    await deps.rollbackCanary(remote, version, reason);
    deps.log.info(
      { remote, version, views: row.views, errors: row.errors, reason },
      'canary rolled back automatically',
    );
    return true;
  };

  /** One check per remote version at a time (a burst of reports starts one rollback). */
  const checkOnce = (remote: string, version: string): Promise<boolean> => {
    const key = `${remote} ${version}`;
    let running = checking.get(key);
    if (!running) {
      running = checkCanary(remote, version).finally(() => checking.delete(key));
      checking.set(key, running);
    }
    return running;
  };

  return {
    policy,
    /** Counts one page view of `version` of `remote`. */
    async recordView(remote: string, version: string): Promise<void> {
      deps.onView?.(remote, version);
      await deps.store.add(remote, version, 'views', 1, now());
    },
    /**
     * Counts one error of a remote version and checks its canary.
     * @returns true when this error made the registry roll the canary back
     */
    async recordError(report: RemoteErrorReport, source: 'browser' | 'server'): Promise<boolean> {
      deps.onError?.(report, source);
      await deps.store.add(report.remote, report.version, 'errors', 1, now());
      return checkOnce(report.remote, report.version);
    },
    checkCanary: checkOnce,
    /** Page views, errors and error rate of every remote version seen in the window. */
    async health(): Promise<{ windowMs: number; versions: HealthRow[] }> {
      const rows = await deps.store.window(now(), policy.windowMs);
      return {
        windowMs: policy.windowMs,
        versions: rows
          .map((row) => ({ ...row, errorRate: errorRate(row.views, row.errors) }))
          .sort((a, b) => a.remote.localeCompare(b.remote) || a.version.localeCompare(b.version)),
      };
    },
  };
}
