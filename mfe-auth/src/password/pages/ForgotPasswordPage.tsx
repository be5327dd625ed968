import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Forgot your password? (auth remote). */
export default function ForgotPasswordPage() {
  usePageMeta('Forgot your password?');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">Forgot your password?</Typography>
    </Container>
  );
}
