import { Box, CircularProgress } from '@mui/material';

/** Centered spinner shown while a page or a remote loads. */
export function PageSpinner() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
