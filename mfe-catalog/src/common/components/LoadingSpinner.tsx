import { Box, CircularProgress } from '@mui/material';

/**
 * Centered spinner with an accessible name, e.g. 'Loading products' (docs/product.md §2 "A
 * spinner shows while loading"). `over`: the spinner shows over what follows it (a list's previous
 * cards while the next ones load) and takes no room, so nothing moves under a student's finger
 * when it comes and goes; taps go through it to the cards.
 */
export function LoadingSpinner({ label, over = false }: { label: string; over?: boolean }) {
  const spinner = (
    <Box
      role="status"
      sx={{
        display: 'flex',
        justifyContent: 'center',
        py: 4,
        ...(over ? { position: 'absolute', insetInline: 0, top: 0, zIndex: 1, pointerEvents: 'none' } : {}),
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
  return over ? <Box sx={{ position: 'relative', height: 0 }}>{spinner}</Box> : spinner;
}
