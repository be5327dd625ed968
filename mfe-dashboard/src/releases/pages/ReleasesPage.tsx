import { apiErrorMessage, usePageMeta, useSession, useSnackbar } from '@campus/shared';
import { Alert, Box, Button, Card, CircularProgress, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import {
  endCanary,
  getReleases,
  getReleasesHealth,
  promote,
  type ReleasesHealth,
  type RemoteReleases,
  rollback,
} from '../api/releases-api';

/** "12.5 %" for 0.125. */
const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/**
 * /app/releases (docs/decisions/0029-remote-releases.md), admins only (others are sent to the 403
 * page): each remote's current, previous and canary versions with their page views, errors and
 * error rate over the automatic rollback window, and buttons to promote the canary, end it and
 * roll back to the previous release (the release API, with the admin's session).
 */
export default function ReleasesPage() {
  usePageMeta('Releases');
  const { isAdmin } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [remotes, setRemotes] = useState<RemoteReleases[] | null>(null);
  const [health, setHealth] = useState<ReleasesHealth | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const [list, rates] = await Promise.all([getReleases(), getReleasesHealth()]);
      setRemotes(list);
      setHealth(rates);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    if (isAdmin) void load();
  }, [isAdmin, load]);

  if (!isAdmin) return <Navigate to="/forbidden" replace />;

  const act = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await action();
      enqueueSnackbar(done, { variant: 'success' });
      await load();
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, 'That did not work. Please try again.'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const healthOf = (remote: string, version: string) =>
    health?.versions.find((row) => row.remote === remote && row.version === version);
  const minutes = health ? Math.round(health.windowMs / 60_000) : 5;

  return (
    <Box>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 1 }}>
        Releases
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Page views and errors of the last {minutes} minutes.
        {health
          ? ` A canary is rolled back by itself above ${percent(health.threshold.maxErrorRate)} of its page views with at least ${health.threshold.minErrors} errors.`
          : ''}
      </Typography>
      {failed && <Alert severity="error">The releases could not be loaded. Please try again.</Alert>}
      {!remotes && !failed && <CircularProgress aria-label="Loading" />}
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {remotes?.map(({ remote, routing }) => {
          const rows = [
            { label: 'Current', version: routing.current },
            { label: 'Previous', version: routing.previous },
            {
              label: routing.canary ? `Canary (${routing.canary.percent} % of visitors)` : 'Canary',
              version: routing.canary?.version ?? null,
            },
          ];
          return (
            <Card component="li" key={remote} variant="outlined" sx={{ p: 2 }}>
              <Box>
                <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
                  {remote}
                </Typography>
                <Box
                  component="table"
                  aria-label={`${remote} versions`}
                  sx={{
                    borderCollapse: 'collapse',
                    width: '100%',
                    '& th, & td': { textAlign: 'left', p: 0.5 },
                  }}
                >
                  <thead>
                    <tr>
                      <th>Pointer</th>
                      <th>Version</th>
                      <th>Page views</th>
                      <th>Errors</th>
                      <th>Error rate</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => {
                      const counts = row.version ? healthOf(remote, row.version) : undefined;
                      return (
                        <tr key={row.label}>
                          <td>{row.label}</td>
                          <td>
                            {row.version ?? (row.label === 'Current' ? "the site's own build" : 'none')}
                          </td>
                          <td>{counts?.views ?? 0}</td>
                          <td>{counts?.errors ?? 0}</td>
                          <td>{percent(counts?.errorRate ?? 0)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </Box>
                <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
                  {routing.canary && (
                    <>
                      <Button
                        variant="contained"
                        disabled={busy}
                        onClick={() =>
                          act(
                            () => promote(remote, routing.canary?.version ?? ''),
                            `${remote} ${routing.canary?.version} is now current.`,
                          )
                        }
                      >
                        Promote canary
                      </Button>
                      <Button
                        variant="outlined"
                        disabled={busy}
                        onClick={() => act(() => endCanary(remote), `${remote}'s canary ended.`)}
                      >
                        End canary
                      </Button>
                    </>
                  )}
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={busy || (!routing.previous && !routing.current)}
                    onClick={() => act(() => rollback(remote), `${remote} rolled back.`)}
                  >
                    Roll back
                  </Button>
                </Stack>
              </Box>
            </Card>
          );
        })}
      </Stack>
    </Box>
  );
}
