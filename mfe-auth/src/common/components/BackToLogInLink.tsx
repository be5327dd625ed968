import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The 'Back to Log in' text link under an account form (docs/product.md §2, the log-in route `/auth?mode=login`). */
export function BackToLogInLink() {
  return (
    <Typography sx={{ mt: 3 }}>
      <Link component={RouterLink} to="/auth?mode=login">
        Back to Log in
      </Link>
    </Typography>
  );
}
