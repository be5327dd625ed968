import type { SafetySignal } from '@campus/shared/contract';
import { Alert, Box, Typography } from '@mui/material';

/**
 * The specific scam warnings of one listing (docs/product.md §29), shown above its chat button so
 * the buyer reads them before going to WhatsApp: one plain sentence per signal (price far below
 * similar listings, a photo copied from another seller, money asked before meeting, a brand-new
 * account selling something expensive, a seller reported by several students). Nothing when the
 * listing has none. Server-rendered, so it shows without JavaScript too.
 */
export function SafetySignals({ signals }: { signals: readonly SafetySignal[] | undefined }) {
  if (!signals || signals.length === 0) return null;
  return (
    <Box component="aside" aria-label="Warnings about this listing" sx={{ mb: 1.5 }} data-safety-signals="">
      <Alert severity="warning" role="none">
        <Typography component="p" variant="body2" sx={{ fontWeight: 700 }}>
          Be careful before you chat
        </Typography>
        <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2.5 }}>
          {signals.map((signal) => (
            <li key={signal.kind} data-kind={signal.kind}>
              {signal.message}
            </li>
          ))}
        </Typography>
      </Alert>
    </Box>
  );
}
