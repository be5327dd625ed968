import { Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { WARNING_CHIP_SX } from '../../common/components/UnderReview';
import type { ReportGroup } from '../api/moderation-api';

/** Labels of the report reasons (docs/product.md §19.1). */
export const REASON_LABELS: Record<string, string> = {
  scam: 'Scam or fraud',
  prohibited: 'Prohibited item',
  spam: 'Spam',
  offensive: 'Offensive',
  sold: 'No longer available',
  other: 'Other',
};

const TYPE_LABELS = { product: 'Product', service: 'Service', shop: 'Shop', user: 'User' } as const;
const STATE_LABELS = { held: 'Held after reports', hidden: 'Hidden' } as const;

export const dateTime = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

interface ReportGroupCardProps {
  group: ReportGroup;
  /** Open reports can be dismissed one by one. */
  open: boolean;
  busy: boolean;
  onDismiss: (reportId: string) => void;
  onHide: () => void;
  onRestore: () => void;
  onSuspend: () => void;
  onUnsuspend: () => void;
}

/**
 * One reported target on the desk: type, title (linked to its page), state, owner, report count
 * and reasons, then each report (reason, details, reporter, date; 'Dismiss' while open), and the
 * actions that apply (hide / restore a listing, suspend / unsuspend its owner or the user).
 */
export function ReportGroupCard({
  group,
  open,
  busy,
  onDismiss,
  onHide,
  onRestore,
  onSuspend,
  onUnsuspend,
}: ReportGroupCardProps) {
  const title = group.title ?? 'Deleted';
  const isListing = group.targetType !== 'user';
  const headingId = `group-${group.targetType}-${group.targetId}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }} aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip size="small" label={TYPE_LABELS[group.targetType]} />
        {group.moderation !== 'visible' ? (
          <Chip size="small" label={STATE_LABELS[group.moderation]} sx={WARNING_CHIP_SX} />
        ) : null}
        {group.owner?.suspended ? <Chip size="small" color="error" label="Owner suspended" /> : null}
      </Stack>
      <Typography id={headingId} component="h3" variant="h6" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {group.link ? (
          <Link component={RouterLink} to={group.link}>
            {title}
          </Link>
        ) : (
          title
        )}
      </Typography>
      {group.owner && isListing ? (
        <Typography variant="body2" color="text.secondary">
          Owner: {group.owner.name} ({group.owner.email})
        </Typography>
      ) : null}
      {group.moderationReason ? (
        <Typography variant="body2" color="text.secondary">
          Hidden because: {group.moderationReason}
        </Typography>
      ) : null}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {group.count === 1 ? '1 report' : `${group.count} reports`}:{' '}
        {group.reasons.map((reason) => REASON_LABELS[reason] ?? reason).join(', ')}
      </Typography>
      <Box component="ul" sx={{ pl: 0, my: 1.5, listStyle: 'none', display: 'grid', gap: 1 }}>
        {group.reports.map((report) => (
          <Box
            component="li"
            key={report._id}
            sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap' }}
          >
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {REASON_LABELS[report.reason] ?? report.reason}
                {report.resolution ? ` · ${report.resolution}` : ''}
              </Typography>
              {report.details ? (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  “{report.details}”
                </Typography>
              ) : null}
              <Typography variant="caption" color="text.secondary">
                {report.reporter.name} ({report.reporter.email}) ·{' '}
                {dateTime.format(new Date(report.createdAt))}
              </Typography>
            </Box>
            {open ? (
              <Button
                size="small"
                onClick={() => onDismiss(report._id)}
                disabled={busy}
                aria-label={`Dismiss the report by ${report.reporter.name} on ${title}`}
              >
                Dismiss
              </Button>
            ) : null}
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {isListing && group.title !== null && group.moderation !== 'hidden' ? (
          <Button size="small" variant="contained" color="error" onClick={onHide} disabled={busy}>
            Hide listing
          </Button>
        ) : null}
        {isListing && group.title !== null && group.moderation !== 'visible' ? (
          <Button size="small" variant="outlined" onClick={onRestore} disabled={busy}>
            Restore listing
          </Button>
        ) : null}
        {group.owner && !group.owner.suspended ? (
          <Button size="small" variant="outlined" color="error" onClick={onSuspend} disabled={busy}>
            {isListing ? 'Suspend owner' : 'Suspend user'}
          </Button>
        ) : null}
        {group.owner?.suspended ? (
          <Button size="small" variant="outlined" onClick={onUnsuspend} disabled={busy}>
            {isListing ? 'Unsuspend owner' : 'Unsuspend user'}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
