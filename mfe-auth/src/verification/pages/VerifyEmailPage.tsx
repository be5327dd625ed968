import { usePageMeta } from '@campus/shared';
import {
  Button,
  CheckCircleIcon,
  CircularProgress,
  Container,
  ErrorIcon,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';

const TITLES = {
  success: 'Email Verified Successfully',
  error: 'Verification Failed',
  pending: 'Verifying your email...',
} as const;

/**
 * Email verification result (spec 2 "Email verification result page", spec 4 "Verification
 * page"): reads `status` and `message` from the query (the API's verification link redirects
 * here). status=success: 'Email Verified Successfully' + the message + a 'Log in' link;
 * status=error: 'Verification Failed' + the message + a way to get a new link; any other
 * status: 'Verifying your email...'. 'Go to Homepage' goes to '/'.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const status = params.get('status');
  const message = params.get('message') ?? '';
  const kind = status === 'success' ? 'success' : status === 'error' ? 'error' : 'pending';
  usePageMeta(TITLES[kind]);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        {kind === 'success' ? (
          <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden="true" />
        ) : kind === 'error' ? (
          <ErrorIcon color="error" sx={{ fontSize: 56 }} aria-hidden="true" />
        ) : (
          <CircularProgress aria-label="Verifying your email" />
        )}
        <Typography variant="h1" sx={{ mt: 1 }}>
          {TITLES[kind]}
        </Typography>
        {kind !== 'pending' && message ? (
          <Typography role={kind === 'error' ? 'alert' : 'status'} sx={{ mt: 2 }}>
            {message}
          </Typography>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
          {kind === 'success' ? (
            <Button component={RouterLink} to="/auth?mode=login" variant="contained">
              Log in
            </Button>
          ) : null}
          <Button component={RouterLink} to="/" variant={kind === 'success' ? 'outlined' : 'contained'}>
            Go to Homepage
          </Button>
        </Stack>
        {kind === 'error' ? (
          <Typography variant="body2" sx={{ mt: 3 }}>
            Need a new link?{' '}
            <Link component={RouterLink} to="/check-inbox">
              Request a new verification email
            </Link>
          </Typography>
        ) : null}
      </Paper>
    </Container>
  );
}
