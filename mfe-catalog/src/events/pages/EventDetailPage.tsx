import { usePageMeta } from '@campus/shared';
import { ArrowBackIcon, Box, Container, Link, PersonIcon, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { CoverImage } from '../../common/components/CoverImage';
import { DetailFallback } from '../../common/components/DetailFallback';
import { useItemFetch } from '../../common/hooks/useItemFetch';
import { itemDescription } from '../../common/utils/item-description';
import { getEvent } from '../api/get-events';
import { EventFacts } from '../components/EventFacts';
import { loadEventDetail } from '../server/load-events';

/** Server-side data and head of this page (docs/product.md §20.9; ADR 0009). */
export const loadServerData = loadEventDetail;

/**
 * One campus event (docs/product.md §20.9, route /events/{id}): the cover, the title as `<h1>`, when
 * (Africa/Nairobi), venue, university, price or "Free", the description and the organizer's
 * first name. An unknown id (404 'Event not found') goes to the not-found page (API client).
 */
export default function EventDetailPage() {
  const { eventId } = useParams();
  const { item: event, loading, failed, retry } = useItemFetch(eventId, getEvent, 'event');
  usePageMeta(event?.title ?? 'Event', event ? itemDescription(event.description) : undefined);
  if (!event || event._id !== eventId) {
    return <DetailFallback what="event" loading={loading || !failed} onRetry={retry} />;
  }
  return (
    <Container sx={{ py: 3, maxWidth: 'md' }}>
      <Link
        component={RouterLink}
        to="/events"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2, minHeight: 44 }}
      >
        <ArrowBackIcon fontSize="small" />
        All events
      </Link>
      {event.coverImage || event.coverThumbnail ? (
        <Box sx={{ mb: 2 }}>
          <CoverImage
            large={event.coverImage}
            thumbnail={event.coverThumbnail}
            alt={event.title}
            sizes="(min-width: 900px) 852px, 100vw"
            width={1200}
            height={630}
            eager
            style={{ borderRadius: 8 }}
          />
        </Box>
      ) : null}
      <Typography
        variant="h1"
        sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, overflowWrap: 'anywhere', mb: 1.5 }}
      >
        {event.title}
      </Typography>
      <EventFacts event={event} />
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mt: 3, mb: 1 }}>
        About this event
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: 3 }}>
        {event.description || 'No description available'}
      </Typography>
      {event.organizer?.firstName ? (
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          <PersonIcon fontSize="small" aria-hidden />
          Organised by {event.organizer.firstName}
        </Typography>
      ) : null}
    </Container>
  );
}
