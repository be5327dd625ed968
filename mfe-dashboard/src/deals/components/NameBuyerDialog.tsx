import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@campus/mui-overlays';
import { apiErrorMessage, formatShortDate, useSnackbar } from '@campus/shared';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { type ChatContact, getContacts, nameBuyer } from '../api/deals-api';

export const BUYER_NAMED = 'Sent! The buyer will be asked to confirm the deal.';
export const NO_CONTACTS = 'Nobody opened the chat of this listing on the site in the last 30 days.';

interface NameBuyerDialogProps {
  listing: { kind: 'product' | 'service'; id: string; title: string };
  onClose: () => void;
}

/**
 * After marking a product sold (docs/product.md §28): "Who bought it?" — the students who opened its
 * chat link in the last 30 days, each with "They bought it", which creates the deal for the buyer
 * to confirm (then both can rate each other). "Skip" closes it.
 */
export function NameBuyerDialog({ listing, onClose }: NameBuyerDialogProps) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const [contacts, setContacts] = useState<ChatContact[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    getContacts(listing.kind, listing.id)
      .then(setContacts)
      .catch(() => setContacts([]));
  }, [listing.kind, listing.id]);
  const pick = async (contact: ChatContact) => {
    setBusy(true);
    try {
      await nameBuyer(listing.kind, listing.id, contact._id);
      enqueueSnackbar(BUYER_NAMED, { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, 'That did not work. Please try again.'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Who bought “{listing.title}”?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Name the buyer: they confirm the deal, then you can rate each other.
        </DialogContentText>
        {contacts === null ? (
          <CircularProgress aria-label="Loading" size={24} />
        ) : contacts.length === 0 ? (
          <Typography>{NO_CONTACTS}</Typography>
        ) : (
          <Stack component="ul" spacing={1} aria-label="Students who opened the chat" sx={{ p: 0, m: 0 }}>
            {contacts.map((contact) => (
              <Stack
                component="li"
                key={contact._id}
                direction="row"
                spacing={1}
                sx={{ listStyle: 'none', alignItems: 'center', justifyContent: 'space-between' }}
              >
                <Typography>
                  {contact.firstName} {contact.lastName.slice(0, 1)}.{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    chatted {formatShortDate(contact.lastContactAt)}
                  </Typography>
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busy}
                  onClick={() => void pick(contact)}
                  aria-label={`${contact.firstName} bought it`}
                >
                  They bought it
                </Button>
              </Stack>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Skip</Button>
      </DialogActions>
    </Dialog>
  );
}
