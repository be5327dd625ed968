import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@campus/mui-overlays';
import { Button } from '@mui/material';
import { type FormEvent, useEffect, useId, useState } from 'react';

interface ReasonDialogProps {
  /** null: closed. */
  action: { title: string; text: string; confirmLabel: string } | null;
  busy: boolean;
  error: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks a moderator for the reason of a hide or a suspension (shown to the owner, max 500). */
export function ReasonDialog({ action, busy, error, onConfirm, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const titleId = useId();
  useEffect(() => {
    if (action) {
      setReason('');
      setMissing(false);
    }
  }, [action]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Dialog open={action !== null} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId} component="h2">
          {action?.title}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{action?.text}</DialogContentText>
          <TextField
            label="Reason (shown to the owner)"
            required
            fullWidth
            multiline
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value.slice(0, 500))}
            error={missing || Boolean(error)}
            helperText={missing ? 'Please give a reason' : error || ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {action?.confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
