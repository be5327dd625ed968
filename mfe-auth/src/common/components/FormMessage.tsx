import { Typography } from '@mui/material';

/** A message under a form (docs/product.md §8: the server's message "under the form", in red for errors). */
export function FormMessage({
  message,
  severity = 'error',
}: {
  message: string | null;
  severity?: 'error' | 'success';
}) {
  if (!message) return null;
  return (
    <Typography
      role={severity === 'error' ? 'alert' : 'status'}
      color={severity === 'error' ? 'error' : 'success.main'}
      sx={{ mt: 2, fontWeight: 500 }}
    >
      {message}
    </Typography>
  );
}
