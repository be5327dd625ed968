/**
 * Calls of the releases page (admins; docs/decisions/0029-remote-releases.md): each remote's
 * routing (`GET /releases`), the versions' health over the rollback window
 * (`GET /releases/health`), promote, rollback and ending a canary, with the admin's session.
 */
import { apiClient } from '@campus/shared';

export interface RemoteRouting {
  current: string | null;
  previous: string | null;
  canary: { version: string; percent: number } | null;
  updatedAt: string | null;
}

export interface RemoteReleases {
  remote: string;
  routing: RemoteRouting;
}

export interface VersionHealth {
  remote: string;
  version: string;
  views: number;
  errors: number;
  /** errors / views (0-1). */
  errorRate: number;
}

export interface ReleasesHealth {
  /** ms */
  windowMs: number;
  threshold: { minErrors: number; maxErrorRate: number };
  versions: VersionHealth[];
}

/** `GET /releases`: every remote's routing. */
export async function getReleases(): Promise<RemoteReleases[]> {
  const { data } = await apiClient.get<{ data: { remotes: RemoteReleases[] } }>('/releases');
  return data.data.remotes;
}

/** `GET /releases/health`. */
export async function getReleasesHealth(): Promise<ReleasesHealth> {
  const { data } = await apiClient.get<{ data: ReleasesHealth }>('/releases/health');
  return data.data;
}

// Actions: errors stay on the page (no redirect), which shows the server's message.
const quiet = { redirectOnError: false } as const;

/** `POST /releases/:remote/promote {version}`. */
export async function promote(remote: string, version: string): Promise<void> {
  await apiClient.post(
    `/releases/${remote}/promote`,
    { version, reason: 'promoted on the releases page' },
    quiet,
  );
}

/** `POST /releases/:remote/rollback`. */
export async function rollback(remote: string): Promise<void> {
  await apiClient.post(`/releases/${remote}/rollback`, { reason: 'rolled back on the releases page' }, quiet);
}

/** `PUT /releases/:remote/canary {percent: 0}`: ends the canary. */
export async function endCanary(remote: string): Promise<void> {
  await apiClient.put(
    `/releases/${remote}/canary`,
    { percent: 0, reason: 'ended on the releases page' },
    quiet,
  );
}
