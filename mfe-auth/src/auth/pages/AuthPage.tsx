import { useSearchParams } from 'react-router';
import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** /auth: signup when mode=register, login otherwise (spec 2 "Authentication page"). */
export default function AuthPage() {
  const [params] = useSearchParams();
  const isSignup = params.get('mode') === 'register';
  usePageMeta(isSignup ? 'Sign up' : 'Log in');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">{isSignup ? 'Join Us Today' : 'Welcome Back!'}</Typography>
    </Container>
  );
}
