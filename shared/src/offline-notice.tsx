import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { OFFLINE_MESSAGE } from './online-status';

/**
 * The "You are offline" notice (docs/product.md §23.7): a status message (announced politely by
 * screen readers) with what the page shows instead, e.g. "Showing page 1 saved on this phone;
 * page 2 loads when you are back online." `action`: e.g. a 'Try again' button (docs/product.md §21.5).
 */
export function OfflineNotice({ children, action }: { children?: ReactNode; action?: ReactNode }) {
  return (
    <Alert severity="warning" role="status" sx={{ my: 2 }} action={action}>
      <strong>{OFFLINE_MESSAGE}</strong>
      {children ? <> — {children}</> : null}
    </Alert>
  );
}
