import { apiErrorMessage, usePageMeta, useSession, useSnackbar } from '@campus/shared';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import {
  type AuditPage,
  dismissReport,
  dismissReportRing,
  getAudit,
  getReportGroups,
  getReportRings,
  hideListing,
  type ReportGroup,
  type ReportGroupsPage,
  type ReportRing,
  restoreListing,
  suspendUser,
  unsuspendUser,
} from '../api/moderation-api';
import { AuditLog } from '../components/AuditLog';
import { ReasonDialog } from '../components/ReasonDialog';
import { ReportGroupCard } from '../components/ReportGroupCard';
import { ReportRings } from '../components/ReportRings';
import { SynonymsEditor } from '../components/SynonymsEditor';

// Reported reviews (docs/product.md §28): their own chunk, after the desk's first render.
const ReportedReviews = lazy(() =>
  import(/* webpackChunkName: "dashboard-reported-reviews" */ '../../deals/components/ReportedReviews').then(
    (module) => ({ default: module.ReportedReviews }),
  ),
);

import { SafetyFlags } from '../components/SafetyFlags';

type Pending = { kind: 'hide'; group: ReportGroup } | { kind: 'suspend'; group: ReportGroup } | null;

const TABS = [
  { status: 'open', label: 'Open reports' },
  { status: 'closed', label: 'Closed reports' },
] as const;

/**
 * /app/moderation (ADR 0013, ADR 0028), admins only (others are sent to the 403 page): flagged
 * report rings ('Not a ring' closes a flag), open or closed reports grouped by target with counts, reasons, details, reporters, dates and a link to
 * the item; dismiss a report, hide / restore a listing (hiding asks for the reason the owner
 * sees), suspend / unsuspend a user; the audit log below. The tab and page are in the URL
 * (`?status=closed&page=2`).
 */
export default function ModerationPage() {
  usePageMeta('Moderation');
  const { isAdmin } = useSession();
  const [params] = useSearchParams();
  const status = params.get('status') === 'closed' ? 'closed' : 'open';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const { enqueueSnackbar } = useSnackbar();
  const [reports, setReports] = useState<ReportGroupsPage | null>(null);
  const [audit, setAudit] = useState<AuditPage | null>(null);
  const [rings, setRings] = useState<ReportRing[]>([]);
  // docs/product.md §31: the synonyms load only when an admin opens them.
  const [synonymsOpen, setSynonymsOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [dialogError, setDialogError] = useState('');

  const load = useCallback(async () => {
    try {
      const [groups, log, flags] = await Promise.all([
        getReportGroups(status, page),
        getAudit(1),
        getReportRings(),
      ]);
      setReports(groups);
      setAudit(log);
      setRings(flags);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [status, page]);

  useEffect(() => {
    if (!isAdmin) return;
    setReports(null);
    void load();
  }, [isAdmin, load]);

  if (!isAdmin) return <Navigate to="/forbidden" replace />;

  /** Runs an action, toasts `done`, reloads; returns the error message or ''. */
  const act = async (action: () => Promise<void>, done: string): Promise<string> => {
    setBusy(true);
    try {
      await action();
      enqueueSnackbar(done, { variant: 'success' });
      await load();
      return '';
    } catch (error) {
      const message = apiErrorMessage(error, 'That did not work. Please try again.');
      enqueueSnackbar(message, { variant: 'error' });
      return message;
    } finally {
      setBusy(false);
    }
  };

  const confirmPending = async (reason: string) => {
    if (!pending) return;
    const { group } = pending;
    const message =
      pending.kind === 'hide'
        ? await act(
            () => hideListing(group.targetType as 'product', group.targetId, reason),
            'Listing hidden. The owner was told why.',
          )
        : await act(() => suspendUser(group.owner?._id ?? group.targetId, reason), 'Account suspended.');
    if (message) setDialogError(message);
    else setPending(null);
  };

  const groupTitle = (group: ReportGroup) => group.title ?? 'this item';
  return (
    <Box>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 2 }}>
        Moderation
      </Typography>
      <Box component="nav" aria-label="Report status" sx={{ mb: 2 }}>
        <Stack direction="row" spacing={1}>
          {TABS.map((tab) => (
            <Button
              key={tab.status}
              component={RouterLink}
              to={tab.status === 'open' ? '/app/moderation' : '/app/moderation?status=closed'}
              variant={status === tab.status ? 'contained' : 'outlined'}
              aria-current={status === tab.status ? 'page' : undefined}
            >
              {tab.label}
            </Button>
          ))}
        </Stack>
      </Box>
      <ReportRings
        rings={rings}
        busy={busy}
        onDismiss={(ring) =>
          void act(() => dismissReportRing(ring._id), 'Flag dismissed. Their reports count again.')
        }
      />
      <Suspense fallback={null}>
        <ReportedReviews />
      </Suspense>
      <SafetyFlags />
      <Box component="section" aria-labelledby="reports-heading" sx={{ mb: 4 }}>
        <Typography id="reports-heading" component="h2" variant="h5" sx={{ mb: 1.5 }}>
          {status === 'open' ? 'Open reports' : 'Closed reports'}
          {reports ? ` (${reports.totalGroups})` : ''}
        </Typography>
        {failed ? (
          <Alert severity="error">The reports could not be loaded. Reload the page to try again.</Alert>
        ) : null}
        {!reports && !failed ? <CircularProgress aria-label="Loading reports" /> : null}
        {reports && reports.groups.length === 0 ? (
          <Typography>
            {status === 'open' ? 'No open reports. All clear!' : 'No closed reports yet.'}
          </Typography>
        ) : null}
        {reports && reports.groups.length > 0 ? (
          <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2 }}>
            {reports.groups.map((group) => (
              <ReportGroupCard
                key={`${group.targetType}-${group.targetId}`}
                group={group}
                open={status === 'open'}
                busy={busy}
                onDismiss={(id) => void act(() => dismissReport(id), 'Report dismissed.')}
                onHide={() => {
                  setDialogError('');
                  setPending({ kind: 'hide', group });
                }}
                onRestore={() =>
                  void act(
                    () => restoreListing(group.targetType as 'product', group.targetId),
                    `${groupTitle(group)} is public again.`,
                  )
                }
                onSuspend={() => {
                  setDialogError('');
                  setPending({ kind: 'suspend', group });
                }}
                onUnsuspend={() =>
                  void act(() => unsuspendUser(group.owner?._id ?? group.targetId), 'Suspension lifted.')
                }
              />
            ))}
          </Box>
        ) : null}
        {reports && reports.totalPages > 1 ? (
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
            <Button
              component={RouterLink}
              to={`/app/moderation?status=${status}&page=${page - 1}`}
              disabled={page <= 1}
            >
              Previous
            </Button>
            <Typography variant="body2">
              Page {page} of {reports.totalPages}
            </Typography>
            <Button
              component={RouterLink}
              to={`/app/moderation?status=${status}&page=${page + 1}`}
              disabled={page >= reports.totalPages}
            >
              Next
            </Button>
          </Stack>
        ) : null}
      </Box>
      <Box component="section" aria-labelledby="synonyms-heading" sx={{ mb: 3 }}>
        <Typography id="synonyms-heading" component="h2" variant="h5" sx={{ mb: 1.5 }}>
          Search synonyms
        </Typography>
        {synonymsOpen ? (
          <SynonymsEditor />
        ) : (
          <Button variant="outlined" onClick={() => setSynonymsOpen(true)}>
            Edit search synonyms
          </Button>
        )}
      </Box>
      <Box component="section" aria-labelledby="audit-heading">
        <Typography id="audit-heading" component="h2" variant="h5" sx={{ mb: 1.5 }}>
          Audit log
        </Typography>
        {audit ? <AuditLog entries={audit.entries} /> : null}
      </Box>
      <ReasonDialog
        action={
          pending?.kind === 'hide'
            ? {
                title: `Hide “${groupTitle(pending.group)}”`,
                text: 'Nobody but its owner will see it. The owner sees "Under review" with your reason and gets an email.',
                confirmLabel: 'Hide listing',
              }
            : pending?.kind === 'suspend'
              ? {
                  title: `Suspend ${pending.group.owner?.name ?? 'this account'}`,
                  text: 'They cannot log in, their sessions end and all their listings are hidden. They get an email with your reason.',
                  confirmLabel: 'Suspend account',
                }
              : null
        }
        busy={busy}
        error={dialogError}
        onConfirm={(reason) => void confirmPending(reason)}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
