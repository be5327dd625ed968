import { isSellingRedirect, PRODUCT_NAME, usePageMeta } from '@campus/shared';
import { Box, Container, Link, Paper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthSidePanel } from '../components/AuthSidePanel';
import { LoginForm } from '../components/LoginForm';
import { SignupForm } from '../components/SignupForm';

/** Query string for `mode`, keeping the other parameters (e.g. `redirect`). */
function withMode(params: URLSearchParams, mode: 'login' | 'register'): string {
  const next = new URLSearchParams(params);
  next.set('mode', mode);
  return `?${next.toString()}`;
}

/** The login page's line when the guest came from 'Sell now' or another selling page (docs/product.md §21.9). */
export const SELL_PROMPT = 'Log in or create an account to start selling';

/**
 * `/auth` (docs/product.md §2 "Authentication page"): signup when `mode=register`, login otherwise. The
 * toggle link changes only the query string. Terms of Service and Privacy Policy links; the
 * decorative side panel on large screens. When the `redirect` is a selling page, the line under
 * the heading says 'Log in or create an account to start selling'.
 */
export default function AuthPage() {
  const [params] = useSearchParams();
  const isSignup = params.get('mode') === 'register';
  const selling = isSellingRedirect(params.get('redirect'));
  const theme = useTheme();
  const large = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  usePageMeta(
    isSignup ? 'Sign up' : 'Log in',
    isSignup
      ? `Join ${PRODUCT_NAME}: buy, sell and offer services with students at your Kenyan university.`
      : `Log in to ${PRODUCT_NAME}, the marketplace for Kenyan university students.`,
  );

  return (
    <Box sx={{ display: 'flex', minHeight: { lg: 'calc(100vh - 64px)' } }}>
      {large ? <AuthSidePanel /> : null}
      <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, alignSelf: 'center' }}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h1">{isSignup ? 'Join Us Today' : 'Welcome Back!'}</Typography>
          <Typography
            color={selling ? 'text.primary' : 'text.secondary'}
            sx={{ mt: 1, fontWeight: selling ? 600 : 400 }}
          >
            {selling
              ? SELL_PROMPT
              : isSignup
                ? 'Create your account with your university to start buying and selling on campus.'
                : `Log in to your ${PRODUCT_NAME} account.`}
          </Typography>

          {isSignup ? <SignupForm /> : <LoginForm />}

          <Typography sx={{ mt: 3, textAlign: 'center' }}>
            <span>{isSignup ? 'Already have an account?' : "Don't have an account?"}</span>{' '}
            <Link component={RouterLink} to={{ search: withMode(params, isSignup ? 'login' : 'register') }}>
              {isSignup ? 'Log in' : 'Sign up'}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
            By continuing, you agree to our{' '}
            <Link component={RouterLink} to="/terms-and-conditions">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link component={RouterLink} to="/privacy-policy">
              Privacy Policy
            </Link>
            .
          </Typography>
        </Paper>
      </Container>
    </Box>
  );
}
