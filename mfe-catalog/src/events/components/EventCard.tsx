import type { CampusEvent } from '@campus/shared';
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { CardCover, useCoverHeldBack } from '../../common/components/CardCover';
import { EventFacts } from './EventFacts';

/** Width of an event card's cover: one column on a phone, two from 600 px, three from 1200 px. */
const EVENT_IMAGE_SIZES = '(min-width: 1200px) 380px, (min-width: 600px) 50vw, 100vw';

/**
 * An event on the events page (docs/product.md §20.9): a link to `/events/{id}` holding the cover and
 * the title, then when (Africa/Nairobi), venue, university and price or "Free". With the data
 * saver on, the cover waits behind "Tap to load photo" (as on listing cards).
 */
export function EventCard({ event, eager = false }: { event: CampusEvent; eager?: boolean }) {
  const heldBack = useCoverHeldBack(event.coverThumbnail, event.coverImage);
  const cover =
    event.coverImage || event.coverThumbnail ? (
      <CardCover
        thumbnail={event.coverThumbnail}
        large={event.coverImage}
        title={event.title}
        sizes={EVENT_IMAGE_SIZES}
        eager={eager}
      />
    ) : null;
  return (
    <Card
      component="article"
      variant="outlined"
      sx={{ width: '100%', display: 'flex', flexDirection: 'column' }}
    >
      {heldBack ? cover : null}
      <CardActionArea component={RouterLink} to={`/events/${event._id}`} sx={{ display: 'block' }}>
        {heldBack ? null : cover}
        <Typography
          component="h2"
          sx={{ px: 1.5, pt: 1.25, fontSize: '1.05rem', fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {event.title}
        </Typography>
      </CardActionArea>
      <Box sx={{ px: 1.5, pt: 0.75, pb: 1.5 }}>
        <EventFacts event={event} dense />
      </Box>
    </Card>
  );
}
