import { Dialog, DialogTitle, TextField } from '@campus/mui-overlays';
import { apiErrorMessage } from '@campus/shared';
import { Link } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DialogDone, DialogForm } from '../../common/components/DialogForm';
import { RadioChoices } from '../../common/components/RadioChoices';
import { ALERT_CHOICES, SAVED_SEARCH_NAME_MAX, type SavedSearchAlert, saveSearch } from '../api/save-search';

/** Where a student manages their saved searches (docs/product.md §30). */
export const SAVED_SEARCHES_PATH = '/app/saved-searches';

interface SaveSearchDialogProps {
  open: boolean;
  onClose: () => void;
  kind: 'products' | 'services';
  filters: Record<string, unknown>;
  suggestedName: string;
}

/**
 * The save form (docs/product.md §30): a name (at most 60 characters; 'Please give this search a
 * name.' when blank) and the alerts (instantly, daily, off; instantly by default), 'Save search'.
 * On success it says so and links to the saved searches; on failure it shows the server's message.
 */
export function SaveSearchDialog({ open, onClose, kind, filters, suggestedName }: SaveSearchDialogProps) {
  const [name, setName] = useState(suggestedName.slice(0, SAVED_SEARCH_NAME_MAX));
  const [alert, setAlert] = useState<SavedSearchAlert>('instant');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const titleId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Please give this search a name.');
      return;
    }
    setSending(true);
    setError('');
    try {
      await saveSearch({ name: trimmed, kind, filters, alert });
      setSaved(true);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Your search could not be saved. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Save this search</DialogTitle>
      {saved ? (
        <DialogDone onClose={onClose}>
          Search saved.{' '}
          <Link component={RouterLink} to={SAVED_SEARCHES_PATH}>
            See your saved searches
          </Link>
        </DialogDone>
      ) : (
        <DialogForm
          onSubmit={onSubmit}
          onCancel={onClose}
          error={error}
          sending={sending}
          submitLabel="Save search"
          busyLabel="Saving…"
        >
          <TextField
            label="Name"
            name="name"
            required
            fullWidth
            value={name}
            onChange={(event) => setName(event.target.value.slice(0, SAVED_SEARCH_NAME_MAX))}
            slotProps={{ htmlInput: { maxLength: SAVED_SEARCH_NAME_MAX } }}
            sx={{ mb: 2 }}
          />
          <RadioChoices
            label="E-mail me new matches"
            name="alert"
            value={alert}
            onChange={setAlert}
            choices={ALERT_CHOICES}
          />
        </DialogForm>
      )}
    </Dialog>
  );
}
