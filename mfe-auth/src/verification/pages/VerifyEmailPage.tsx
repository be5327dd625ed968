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
 * The only texts this page shows under its heading, chosen by the `code` of the API's redirect
 * (ADR 0011: no text is taken from the URL, so a crafted link cannot put words on the
 * page). An unknown or missing code gets the generic text of its status.
 */
export const VERIFY_MESSAGES = {
  success: {
    verified: 'Your email address has been verified. You can now log in.',
    generic: 'Your email address has been verified. You can now log in.',
  },
  error: {
    invalid:
      'This verification link is not valid. Check that you opened the whole link from the email, or request a new verification email.',
    used: 'This verification link has already been used. Your email address is verified: you can log in.',
    superseded:
      'This verification link has been replaced by a newer one. Use the link in the most recent email we sent you, or request a new verification email.',
    expired:
      'This verification link has expired (links are valid for 24 hours). Please request a new verification email.',
    'already-verified':
      'This link is no longer valid, but your email address is already verified: you can log in.',
    generic:
      'We could not verify your email address with this link. Please request a new verification email.',
  },
} as const;

/** The message for `status` and `code` (own texts only; unknown code → the generic one). */
export function verifyMessage(kind: 'success' | 'error', code: string | null): string {
  const messages: Record<string, string> = VERIFY_MESSAGES[kind];
  return (code && Object.hasOwn(messages, code) ? messages[code] : undefined) ?? messages.generic!;
}

/**
 * Email verification result (docs/product.md §2 "Email verification result page", docs/product.md §4 "Verification
 * page"): reads `status` and `code` from the query (the API's verification link redirects
 * here). status=success: 'Email Verified Successfully' + its message + a 'Log in' link;
 * status=error: 'Verification Failed' + the message of the code + a way to get a new link; any
 * other status: 'Verifying your email...'. 'Go to Homepage' goes to '/'. Any other query
 * parameter (e.g. a `message`) is ignored.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const status = params.get('status');
  const kind = status === 'success' ? 'success' : status === 'error' ? 'error' : 'pending';
  const message = kind === 'pending' ? '' : verifyMessage(kind, params.get('code'));
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
