import { Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The full-width submit button of the auth forms: shows `busyLabel` with a spinner while `busy`
 * (docs/product.md §2: 'Log In' → 'Logging in...', docs/product.md §4), and is disabled while busy or `disabled`.
 */
export function SubmitButton({
  busy,
  disabled,
  label,
  busyLabel,
}: {
  busy: boolean;
  disabled?: boolean;
  label: ReactNode;
  busyLabel: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy || disabled}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}
