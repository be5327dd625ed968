import { Box } from '@mui/material';
import { PASSWORD_HINTS } from '../password-rules';

/**
 * The live line under a confirm-password field (spec 2 "Signup form"): 'Passwords do not match'
 * (red) or 'Passwords match' (green) once something is typed in the confirmation; announced
 * politely to screen readers.
 */
export function PasswordMatchLine({ password, confirm }: { password: string; confirm: string }) {
  const matches = confirm === password;
  return (
    <Box
      component="span"
      aria-live="polite"
      sx={{ color: matches ? 'success.main' : 'error.main', fontWeight: 500 }}
    >
      {confirm ? (matches ? PASSWORD_HINTS.passwordsMatch : PASSWORD_HINTS.passwordsDiffer) : null}
    </Box>
  );
}
