import { Box, Button, Paper, Typography } from '@mui/material';
import type { ReportRing as Ring } from '../api/moderation-api';
import { dateTime } from './ReportGroupCard';

interface ReportRingsProps {
  rings: Ring[];
  busy: boolean;
  onDismiss: (ring: Ring) => void;
}

/**
 * The desk's report-ring flags (ADR 0028): each small group of accounts that reported many of the
 * same listings within a day, with its members (name, e-mail, when they joined) and the number of
 * targets they share; while flagged their reports do not count towards automatic holds. 'Not a
 * ring' closes the flag. Renders nothing when no group is flagged.
 */
export function ReportRings({ rings, busy, onDismiss }: ReportRingsProps) {
  if (rings.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="rings-heading" sx={{ mb: 4 }}>
      <Typography id="rings-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
        Possible report rings ({rings.length})
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        These accounts reported many of the same listings within a day. Their reports do not count towards
        automatic holds while flagged.
      </Typography>
      <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2 }}>
        {rings.map((ring) => {
          const names = ring.members.map((m) => m.name).join(', ');
          return (
            <Paper key={ring._id} component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
              <Typography component="h3" variant="subtitle1">
                {ring.members.length} accounts, {ring.sharedTargets} listings reported in common
              </Typography>
              <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
                {ring.members.map((member) => (
                  <Typography component="li" variant="body2" key={member._id}>
                    {member.name} ({member.email}) · joined {dateTime.format(new Date(member.joinedAt))}
                  </Typography>
                ))}
              </Box>
              <Typography variant="body2" color="text.secondary">
                Last seen {dateTime.format(new Date(ring.lastSeenAt))}
              </Typography>
              <Button
                size="small"
                sx={{ mt: 1 }}
                disabled={busy}
                onClick={() => onDismiss(ring)}
                aria-label={`Not a ring: ${names}`}
              >
                Not a ring
              </Button>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
