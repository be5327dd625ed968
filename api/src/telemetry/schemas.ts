/**
 * Route-level docs of the remote telemetry routes (docs/decisions/0029-remote-releases.md,
 * "Serving"); bodies and answers are the table of endpoints' (`@campus/shared/contract`,
 * docs/decisions/0038).
 */

export const remoteErrorSchema = {
  tags: ['releases'],
  summary:
    "Report a remote's load or render failure in the browser (counted per remote version for the canary's automatic rollback; rate-limited per address; nothing personal is stored)",
};

export const healthSchema = {
  tags: ['releases'],
  summary:
    'Page views, errors and error rate of each remote version over the automatic rollback window, with each remote routing (admins)',
};
