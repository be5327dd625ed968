import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Terms and Conditions page (spec 2). */
export function TermsPage() {
  usePageMeta('Terms and Conditions');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">Terms and Conditions</Typography>
    </Container>
  );
}
