import {
  apiErrorMessage,
  EMAIL_PATTERN,
  OutlinedField,
  useFormToasts,
  usePageMeta,
  VALIDATION_MESSAGES,
} from '@campus/shared';
import { Box, Container, EmailIcon, Paper, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { BackToLogInLink } from '../../common/components/BackToLogInLink';
import { FormMessage } from '../../common/components/FormMessage';
import { SubmitButton } from '../../common/components/SubmitButton';
import { resendVerification } from '../api/resend-verification';

/** docs/product.md §8 texts. */
export const RESEND_SUCCESS = 'Verification email resent successfully';
export const RESEND_FAILED = 'Failed to resend verification email';

/** What the signup form passes in the router state. */
interface CheckInboxState {
  email?: string;
}

/**
 * Check Your Inbox (docs/product.md §2 "Check-inbox page", route CheckInbox): says a verification email was
 * sent and that its link finishes the registration; 'Resend Verification Email' sends a fresh link
 * to the e-mail the page was reached with (router state or `?email=`; asked for when unknown) and
 * shows 'Verification email resent successfully' or 'Failed to resend verification email'.
 */
export default function CheckInboxPage() {
  usePageMeta('Check Your Inbox', 'Verify your email address to finish creating your Campus Soko account.');
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as CheckInboxState;
  const knownEmail = (state.email ?? params.get('email') ?? '').trim();
  const [email, setEmail] = useState(knownEmail);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const toasts = useFormToasts();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setEmailError(VALIDATION_MESSAGES.emailInvalid);
      return;
    }
    setEmailError(null);
    setFailure(null);
    setSending(true);
    try {
      await resendVerification(address);
      toasts.success(RESEND_SUCCESS);
    } catch (error) {
      toasts.error(RESEND_FAILED);
      const detail = apiErrorMessage(error, '');
      setFailure(detail ? `${RESEND_FAILED}: ${detail}` : RESEND_FAILED);
    } finally {
      setSending(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <EmailIcon color="primary" sx={{ fontSize: 56 }} aria-hidden="true" />
        <Typography variant="h1" sx={{ mt: 1 }}>
          Check Your Inbox
        </Typography>
        <Typography sx={{ mt: 2 }}>
          {knownEmail ? (
            <>
              We have sent a verification email to <strong>{knownEmail}</strong>.
            </>
          ) : (
            'We have sent you a verification email.'
          )}{' '}
          Please click the link in the email to finish your registration.
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          The link is valid for 24 hours. If you cannot find the email, check your spam folder or send it
          again.
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label="Resend verification email"
          sx={{ mt: 3 }}
        >
          <Stack spacing={2}>
            {knownEmail ? null : (
              <OutlinedField
                id="check-inbox-email"
                label="Email"
                type="email"
                autoComplete="email"
                fullWidth
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={Boolean(emailError)}
                helperText={emailError}
              />
            )}
            <SubmitButton
              busy={sending}
              disabled={!email.trim()}
              label="Resend Verification Email"
              busyLabel="Resend Verification Email"
            />
          </Stack>
          <FormMessage message={failure} />
        </Box>
        <BackToLogInLink />
      </Paper>
    </Container>
  );
}
