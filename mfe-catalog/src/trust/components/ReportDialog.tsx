import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@campus/mui-overlays';
import { apiErrorMessage } from '@campus/shared';
import { Alert, Button, FormControl, FormControlLabel, Link } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  createReport,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from '../api/create-report';

/** Where the `prohibited` reason points: the Terms' "Prohibited items" section. */
export const PROHIBITED_ITEMS_PATH = '/terms-and-conditions#prohibited-items';

interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  targetType: ReportTargetType;
  targetId: string;
  /** What is reported, for the title: 'product', 'service', 'shop'. */
  noun: string;
}

/**
 * The report form (docs/product.md §19.1): a reason of the fixed list (`prohibited` links to the Terms'
 * "Prohibited items"), optional details of at most 500 characters, 'Send report'. On success it
 * shows the server's "Thanks — our moderators will review this." and a Close button; on failure
 * the server's message.
 */
export function ReportDialog({ open, onClose, targetType, targetId, noun }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const titleId = useId();
  const reasonLabelId = useId();

  const close = () => {
    onClose();
    // Start afresh next time (after the closing transition).
    setTimeout(() => {
      setReason('');
      setDetails('');
      setError('');
      setDone('');
    }, 300);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('Please choose a reason.');
      return;
    }
    setSending(true);
    setError('');
    try {
      const trimmed = details.trim();
      setDone(await createReport({ targetType, targetId, reason, ...(trimmed ? { details: trimmed } : {}) }));
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Your report could not be sent. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Report this {noun}</DialogTitle>
      {done ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status">
              {done}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} variant="contained">
              Close
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <DialogContent>
            <FormControl component="fieldset" required error={Boolean(error) && !reason} sx={{ mb: 2 }}>
              <FormLabel component="legend" id={reasonLabelId}>
                Reason
              </FormLabel>
              <RadioGroup
                aria-labelledby={reasonLabelId}
                name="reason"
                value={reason}
                onChange={(event) => setReason(event.target.value as ReportReason)}
              >
                {REPORT_REASONS.map((option) => (
                  <FormControlLabel
                    key={option.value}
                    value={option.value}
                    control={<Radio />}
                    label={option.label}
                  />
                ))}
              </RadioGroup>
              <Link component={RouterLink} to={PROHIBITED_ITEMS_PATH} target="_blank" variant="body2">
                What is prohibited?
              </Link>
            </FormControl>
            <TextField
              label="Details (optional)"
              name="details"
              multiline
              minRows={3}
              fullWidth
              value={details}
              onChange={(event) => setDetails(event.target.value.slice(0, REPORT_DETAILS_MAX))}
              slotProps={{ htmlInput: { maxLength: REPORT_DETAILS_MAX } }}
              helperText={`${details.length}/${REPORT_DETAILS_MAX} characters`}
            />
            {error ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {error}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={sending}>
              {sending ? 'Sending…' : 'Send report'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
