/**
 * Calls of the releases page (admins; docs/decisions/0029-remote-releases.md): each remote's
 * routing (`GET /releases`), the versions' health over the rollback window
 * (`GET /releases/health`), promote, rollback and ending a canary, with the admin's session.
 * Answers are the table of endpoints' (docs/decisions/0038).
 */
import { apiClient } from '@campus/shared';
import type { AnswerOf, InputOf } from '@campus/shared/contract';

/** A remote's routing: current, previous, canary (version and percent), updatedAt. */
export type RemoteRouting = RemoteReleases['routing'];

/** A remote with its routing (and newest releases). */
export type RemoteReleases = AnswerOf<'GET /releases'>['data']['remotes'][number];

/** The versions' views, errors and error rate (errors / views, 0-1) over the window (`windowMs`, ms). */
export type ReleasesHealth = AnswerOf<'GET /releases/health'>['data'];

/** One remote version's health. */
export type VersionHealth = ReleasesHealth['versions'][number];

/**
 * A remote's name as the release routes take it (the contract's `REMOTE_NAMES`). The answers
 * type it as a string (their schemas are documented so), so the page's names are passed as such.
 */
type Remote = InputOf<'POST /releases/:remote/promote'>['params']['remote'];
const remoteParams = (remote: string) => ({ remote: remote as Remote });

/** `GET /releases`: every remote's routing. */
export async function getReleases(): Promise<RemoteReleases[]> {
  const answer = await apiClient.call('GET /releases');
  return answer.data.remotes;
}

/** `GET /releases/health`. */
export async function getReleasesHealth(): Promise<ReleasesHealth> {
  const answer = await apiClient.call('GET /releases/health');
  return answer.data;
}

// Actions: errors stay on the page (no redirect), which shows the server's message.
const quiet = { redirectOnError: false } as const;

/** `POST /releases/:remote/promote {version}`. */
export async function promote(remote: string, version: string): Promise<void> {
  await apiClient.call('POST /releases/:remote/promote', {
    params: remoteParams(remote),
    body: { version, reason: 'promoted on the releases page' },
    ...quiet,
  });
}

/** `POST /releases/:remote/rollback`. */
export async function rollback(remote: string): Promise<void> {
  await apiClient.call('POST /releases/:remote/rollback', {
    params: remoteParams(remote),
    body: { reason: 'rolled back on the releases page' },
    ...quiet,
  });
}

/** `PUT /releases/:remote/canary {percent: 0}`: ends the canary. */
export async function endCanary(remote: string): Promise<void> {
  await apiClient.call('PUT /releases/:remote/canary', {
    params: remoteParams(remote),
    body: { percent: 0, reason: 'ended on the releases page' },
    ...quiet,
  });
}
