import { Box, CircularProgress } from '@mui/material';

/** Centered spinner with an accessible name, e.g. 'Loading products' (docs/product.md §2 "A spinner shows while loading"). */
export function LoadingSpinner({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
