import { Box } from '@mui/material';
import { PASSWORD_HINTS } from '../password-messages';

/** What the line under a confirm-password field says, or null for nothing. */
export function confirmLineMessage(
  password: string,
  confirm: string,
  error?: string,
): { text: string; ok: boolean } | null {
  if (error) return { text: error, ok: false };
  if (!confirm) return null;
  return confirm === password
    ? { text: PASSWORD_HINTS.passwordsMatch, ok: true }
    : { text: PASSWORD_HINTS.passwordsDiffer, ok: false };
}

/**
 * The ONE message under a confirm-password field (docs/product.md §21.3: one message, one place;
 * before, the live line and the validation message could show together):
 * - while the field has not been left yet, the live line of docs/product.md §2: 'Passwords do not match'
 *   (red) or 'Passwords match' (green), once something is typed;
 * - once the field was left or the form submitted (`error` is the field's shown validation
 *   message, docs/product.md §5), that message takes the same place: 'Please confirm your password' or
 *   'Passwords must match' (red), and 'Passwords match' (green) as soon as both agree.
 * Rendered inside an always-present helper line, so screen readers hear each change (polite).
 */
export function PasswordMatchLine({
  password,
  confirm,
  error,
}: {
  password: string;
  confirm: string;
  /** The field's validation message when it is shown (shownError: left or submitted), else undefined. */
  error?: string;
}) {
  const message = confirmLineMessage(password, confirm, error);
  return (
    <Box
      component="span"
      aria-live="polite"
      sx={{ color: message?.ok ? 'success.main' : 'error.main', fontWeight: 500 }}
    >
      {message?.text ?? null}
    </Box>
  );
}
