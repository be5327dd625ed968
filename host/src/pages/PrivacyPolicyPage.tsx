import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Privacy Policy page (spec 2). */
export function PrivacyPolicyPage() {
  usePageMeta('Privacy Policy');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">Privacy Policy</Typography>
    </Container>
  );
}
