import { Dialog, DialogTitle, TextField } from '@campus/mui-overlays';
import { apiErrorMessage } from '@campus/shared';
import { Link } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DialogDone, DialogForm } from '../../common/components/DialogForm';
import { RadioChoices } from '../../common/components/RadioChoices';
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
        <DialogDone onClose={close}>{done}</DialogDone>
      ) : (
        <DialogForm
          onSubmit={onSubmit}
          onCancel={close}
          error={error}
          sending={sending}
          submitLabel="Send report"
          busyLabel="Sending…"
        >
          <RadioChoices
            label="Reason"
            name="reason"
            value={reason}
            onChange={setReason}
            choices={REPORT_REASONS}
            required
            error={Boolean(error) && !reason}
          >
            <Link component={RouterLink} to={PROHIBITED_ITEMS_PATH} target="_blank" variant="body2">
              What is prohibited?
            </Link>
          </RadioChoices>
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
        </DialogForm>
      )}
    </Dialog>
  );
}
