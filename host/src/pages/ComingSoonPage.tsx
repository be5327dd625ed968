import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Coming Soon page (spec 2). */
export function ComingSoonPage() {
  usePageMeta('Coming Soon');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">Coming Soon</Typography>
    </Container>
  );
}
