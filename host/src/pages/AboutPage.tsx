import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** About page (spec 2). */
export function AboutPage() {
  usePageMeta('About');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">About Campus Soko</Typography>
    </Container>
  );
}
