import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Contact Us page (spec 2). */
export function ContactPage() {
  usePageMeta('Contact Us');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">Contact Us</Typography>
    </Container>
  );
}
