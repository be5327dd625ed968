import {
  apiErrorMessage,
  networkErrorMessage,
  OutlinedField,
  safeRedirectPath,
  setSession,
  useFormToasts,
  validateWithSchema,
} from '@campus/shared';
import { Box, Button, Link, Stack } from '@mui/material';
import { useFormik } from 'formik';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '../../common/components/FormMessage';
import { PasswordField } from '../../common/components/PasswordField';
import { SubmitButton } from '../../common/components/SubmitButton';

import { login } from '../api/login';

/** Shown when the login request got no answer (docs/product.md §8). */
export const LOGIN_NO_RESPONSE = 'Wrong email or password. Please try again.';
export const LOGIN_SUCCESS = 'Login successful';

/**
 * The login form (docs/product.md §2 "Login form", docs/product.md §4 "Login form", docs/product.md §5 "Login", docs/product.md §8).
 *
 * idle → submitting ('Logging in...' with a spinner, button disabled) → success ('Login
 * successful', session stored, go to the `redirect` query path if it is on this site, else
 * /products) or failure (the server's message, or 'Wrong email or password. Please try again.'
 * when it gave none, under the form and as an error notice; back to idle). With no answer at
 * all, the network's message instead ('You are offline' / "Can't reach Campus Soko — check your
 * connection") and 'Try again' (docs/product.md §21.5). Validation runs on
 * submit; the button is also disabled while either field is empty after trimming.
 */
export function LoginForm() {
  // 'Login successful' closes a stale error toast of this form (docs/product.md §21.4).
  const toasts = useFormToasts();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);

  const formik = useFormik({
    initialValues: { email: '', password: '' },
    // The yup schema (and yup) arrive with the first submit (docs/product.md §23).
    validate: validateWithSchema<{ email: string; password: string }>(() =>
      import('../validation').then((module) => module.loginSchema),
    ),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values) => {
      setServerError(null);
      setOffline(false);
      try {
        const session = await login({ email: values.email.trim(), password: values.password });
        toasts.success(LOGIN_SUCCESS);
        const target = safeRedirectPath(params.get('redirect'));
        // Store the session first (synchronously rendered, so a guest-only guard around this
        // page reacts now), then navigate: the last navigation wins, so `redirect` is honoured.
        flushSync(() => setSession(session));
        await navigate(target, { replace: true });
      } catch (error) {
        // No answer at all: say it is the network, not the password (docs/product.md §21.5).
        const network = networkErrorMessage(error);
        const message = network ?? apiErrorMessage(error, LOGIN_NO_RESPONSE);
        setOffline(network !== null);
        setServerError(message);
        toasts.error(message);
      }
    },
  });

  const { values, errors, isSubmitting } = formik;
  const incomplete = !values.email.trim() || !values.password.trim();

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Log in" sx={{ mt: 3 }}>
      <Stack spacing={2.5}>
        <OutlinedField
          id="login-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          fullWidth
          value={values.email}
          onChange={formik.handleChange}
          error={Boolean(errors.email)}
          helperText={errors.email}
        />
        <PasswordField
          id="login-password"
          name="password"
          label="Password"
          autoComplete="current-password"
          fullWidth
          value={values.password}
          onChange={formik.handleChange}
          error={Boolean(errors.password)}
          helperText={errors.password}
        />
        <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot your password?
          </Link>
        </Box>
        <SubmitButton busy={isSubmitting} disabled={incomplete} label="Log In" busyLabel="Logging in..." />
      </Stack>
      <FormMessage message={serverError} />
      {offline ? (
        <Button variant="outlined" sx={{ mt: 1 }} onClick={() => void formik.submitForm()}>
          Try again
        </Button>
      ) : null}
    </Box>
  );
}
