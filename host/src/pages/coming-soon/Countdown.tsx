import { Box, Typography } from '@mui/material';
import type { CountdownParts } from './countdown';

const UNITS = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
] as const;

/**
 * The four countdown boxes (days, hours, minutes, seconds). A `role="timer"` region: screen
 * readers do not announce every tick (a timer is not a live region by default), and its text
 * reads e.g. '12 Days 3 Hours 4 Minutes 5 Seconds'. Four columns fit in 360 px.
 */
export function Countdown({ parts }: { parts: CountdownParts }) {
  return (
    <Box
      role="timer"
      aria-label="Time left until launch"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
        gap: { xs: 1, sm: 2 },
        maxWidth: 520,
      }}
    >
      {UNITS.map((unit) => (
        <Box
          key={unit.key}
          data-testid={`countdown-${unit.key}`}
          sx={{
            textAlign: 'center',
            py: { xs: 1.5, sm: 2 },
            borderRadius: 2,
            bgcolor: 'background.paper',
            color: 'text.primary',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Typography
            component="span"
            sx={{
              display: 'block',
              fontSize: { xs: '1.6rem', sm: '2.4rem' },
              fontWeight: 800,
              lineHeight: 1.2,
            }}
          >
            {String(parts[unit.key]).padStart(2, '0')}
          </Typography>
          <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
            {` ${unit.label}`}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
