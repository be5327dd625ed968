import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Verifying your email... (auth remote). */
export default function VerifyEmailPage() {
  usePageMeta('Verifying your email...');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">Verifying your email...</Typography>
    </Container>
  );
}
