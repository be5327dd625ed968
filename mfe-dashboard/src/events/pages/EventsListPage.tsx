import { type CampusEvent, formatKes, usePageMeta } from '@campus/shared';
import { AddIcon, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { MyListingsSection } from '../../common/components/MyListingsSection';
import { DeleteButton, EditButton } from '../../common/components/RowActionButtons';
import { useMyListings } from '../../common/hooks/useMyListings';
import { deleteEvent, getMyEvents } from '../api/events-api';
import { EventFormDialog } from '../components/EventFormDialog';

const when = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/** True when the event is over (its end, else its start, is past). */
const isOver = (event: CampusEvent) => new Date(event.endsAt ?? event.startsAt).getTime() < Date.now();

/** /app/events-list: my campus events with create, edit and delete (confirmation). */
export default function EventsListPage() {
  usePageMeta('My events');
  const listings = useMyListings({
    load: getMyEvents,
    remove: deleteEvent,
    deletedMessage: 'Event deleted',
    deleteFailedMessage: 'Failed to delete the event. Please try again.',
  });
  const [editing, setEditing] = useState<CampusEvent | 'new' | null>(null);

  const saved = (event: CampusEvent) => {
    listings.setItems((list) =>
      list.some((item) => item._id === event._id)
        ? list.map((item) => (item._id === event._id ? event : item))
        : [event, ...list],
    );
    setEditing(null);
  };

  const announceButton = (label: string) => (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
      {label}
    </Button>
  );

  return (
    <MyListingsSection
      heading="My events"
      createAction={announceButton('Announce an event')}
      loadingLabel="Loading your events"
      emptyTitle="No events yet"
      emptyText="Announce a club meeting, a concert or a study group to students on your campus."
      emptyAction={announceButton('Announce your first event')}
      listings={listings}
      deleteTitle="Delete this event?"
      deleteMessage={(event) => `“${event.title}” will be removed for good.`}
      renderItem={(event) => (
        <Paper component="li" key={event._id} variant="outlined" sx={{ p: 1.5, listStyle: 'none' }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
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
              <EditButton name={event.title} onClick={() => setEditing(event)} />
              <DeleteButton name={event.title} onClick={() => listings.askDelete(event)} />
            </Stack>
          </Stack>
        </Paper>
      )}
    >
      {editing ? (
        <EventFormDialog
          event={editing === 'new' ? undefined : editing}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </MyListingsSection>
  );
}
