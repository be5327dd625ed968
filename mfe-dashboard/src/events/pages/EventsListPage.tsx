import { apiErrorMessage, type CampusEvent, formatKes, usePageMeta } from '@campus/shared';
import {
  AddIcon,
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  DeleteIcon,
  EditIcon,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { useMyList } from '../../common/hooks/useMyList';
import { deleteEvent, getMyEvents } from '../api/events-api';
import { EventFormDialog } from '../components/EventFormDialog';

const when = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/** True when the event is over (its end, else its start, is past). */
const isOver = (event: CampusEvent) => new Date(event.endsAt ?? event.startsAt).getTime() < Date.now();

/** /app/events-list: my campus events with create, edit and delete (confirmation). */
export default function EventsListPage() {
  usePageMeta('My events');
  const { enqueueSnackbar } = useSnackbar();
  const { items, loading, error, reload, setItems } = useMyList(getMyEvents);
  const [editing, setEditing] = useState<CampusEvent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CampusEvent | null>(null);
  const [busy, setBusy] = useState(false);

  const saved = (event: CampusEvent) => {
    setItems((list) =>
      list.some((item) => item._id === event._id)
        ? list.map((item) => (item._id === event._id ? event : item))
        : [event, ...list],
    );
    setEditing(null);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteEvent(deleting._id);
      setItems((list) => list.filter((item) => item._id !== deleting._id));
      enqueueSnackbar('Event deleted', { variant: 'success' });
      setDeleting(null);
    } catch (failure) {
      enqueueSnackbar(apiErrorMessage(failure, 'Failed to delete the event. Please try again.'), {
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h4" component="h1">
          My events
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Announce an event
        </Button>
      </Stack>
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void reload()}>
              Try again
            </Button>
          }
        >
          {error}
        </Alert>
      ) : null}
      {loading && items.length === 0 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading your events" />
        </Box>
      ) : null}
      {!loading && !error && items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography component="h2" variant="h6" gutterBottom>
            No events yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Announce a club meeting, a concert or a study group to students on your campus.
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Announce your first event
          </Button>
        </Paper>
      ) : null}
      {items.length > 0 ? (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="My events">
          {items.map((event) => (
            <Paper component="li" key={event._id} variant="outlined" sx={{ p: 1.5, listStyle: 'none' }}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Box
                  component="img"
                  src={event.coverThumbnail ?? undefined}
                  alt=""
                  width={96}
                  height={72}
                  loading="lazy"
                  sx={{ objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.200', flexShrink: 0 }}
                />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography
                    component="h2"
                    variant="subtitle1"
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {event.title}
                  </Typography>
                  <Typography variant="body2">
                    {when.format(new Date(event.startsAt))}
                    {event.endsAt ? ` – ${when.format(new Date(event.endsAt))}` : ''}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {event.venue}
                    {event.university ? `, ${event.university}` : ''} ·{' '}
                    {event.price === null || event.price === undefined ? 'Free' : formatKes(event.price)}
                  </Typography>
                  {isOver(event) ? <Chip size="small" label="Past" sx={{ mt: 0.5 }} /> : null}
                </Box>
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    startIcon={<EditIcon />}
                    onClick={() => setEditing(event)}
                    aria-label={`Edit ${event.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteIcon />}
                    onClick={() => setDeleting(event)}
                    aria-label={`Delete ${event.title}`}
                  >
                    Delete
                  </Button>
                </Stack>
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : null}
      {editing ? (
        <EventFormDialog
          event={editing === 'new' ? undefined : editing}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this event?"
        message={deleting ? `“${deleting.title}” will be removed for good.` : ''}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
