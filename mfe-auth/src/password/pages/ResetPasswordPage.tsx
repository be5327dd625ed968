import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Reset your password (auth remote). */
export default function ResetPasswordPage() {
  usePageMeta('Reset your password');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">Reset your password</Typography>
    </Container>
  );
}
