import { Box, Typography } from '@mui/material';
import type { AuditEntry } from '../api/moderation-api';
import { dateTime } from './ReportGroupCard';

const ACTION_LABELS: Record<string, string> = {
  hold: 'Held after reports',
  dismiss: 'Dismissed a report',
  release: 'Released (reports no longer hold it)',
  dismiss_ring: 'Dismissed a report-ring flag',
  hide: 'Hid',
  restore: 'Restored',
  suspend: 'Suspended',
  unsuspend: 'Unsuspended',
};

/** The audit log (docs/product.md §19.3): when, who, action, target, reason; scrolls sideways on a phone. */
export function AuditLog({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <Typography>No moderation actions yet.</Typography>;
  const cell = {
    textAlign: 'left',
    p: 1,
    borderBottom: 1,
    borderColor: 'divider',
    verticalAlign: 'top',
  } as const;
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Audit log entries">
      <Box
        component="table"
        sx={{ borderCollapse: 'collapse', width: '100%', fontSize: '0.875rem', minWidth: 560 }}
      >
        <thead>
          <tr>
            {['When', 'Who', 'Action', 'Target', 'Reason'].map((label) => (
              <Box component="th" scope="col" key={label} sx={cell}>
                {label}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry._id}>
              <Box component="td" sx={cell}>
                {dateTime.format(new Date(entry.createdAt))}
              </Box>
              <Box component="td" sx={cell}>
                {entry.actor ? entry.actor.name || entry.actor.email : 'Automatic'}
              </Box>
              <Box component="td" sx={cell}>
                {ACTION_LABELS[entry.action] ?? entry.action}
              </Box>
              <Box component="td" sx={{ ...cell, overflowWrap: 'anywhere' }}>
                {entry.targetType} {entry.targetId.slice(0, 8)}
              </Box>
              <Box component="td" sx={{ ...cell, overflowWrap: 'anywhere' }}>
                {entry.reason ?? '—'}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
