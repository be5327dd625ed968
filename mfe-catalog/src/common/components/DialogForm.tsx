import { DialogActions, DialogContent } from '@campus/mui-overlays';
import { Alert, Button } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

/**
 * The form of a small dialog (save a search, report a listing; docs/product.md §19.1, §30): its
 * fields (`children`), the error line under them, and Cancel beside the submit button, which
 * reads `busyLabel` and is disabled while `sending`.
 */
export function DialogForm({
  onSubmit,
  onCancel,
  error,
  sending,
  submitLabel,
  busyLabel,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  error: string | null;
  sending: boolean;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogContent>
        {children}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={sending}>
          {sending ? busyLabel : submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

/** What a small dialog shows once its form went through: `children` as a success line, and Close. */
export function DialogDone({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <>
      <DialogContent>
        <Alert severity="success" role="status">
          {children}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </>
  );
}
