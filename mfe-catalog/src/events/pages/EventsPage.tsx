import { usePageMeta } from '@campus/shared';
import { Box, Container, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { ListLoadNotice } from '../../common/components/ListLoadNotice';
import { LoadingSpinner } from '../../common/components/LoadingSpinner';
import { Pagination } from '../../common/components/Pagination';
import { useListFetch } from '../../common/hooks/useListFetch';
import { scrollToTop } from '../../common/utils/scroll-to-top';
import { getEvents } from '../api/get-events';
import { CampusFilter } from '../components/CampusFilter';
import { EventCard } from '../components/EventCard';
import { EVENTS_HEAD, loadEventsPage } from '../server/load-events';
import { eventsSearch, parseEventsUrl, toEventsQuery } from '../utils/events-url';

/** Server-side data and head of this page (docs/product.md §20.9; ADR 0009). */
export const loadServerData = loadEventsPage;

/** Cards whose cover loads at once (the first one on a phone). */
const EAGER_CARDS = 1;

/**
 * Campus events (docs/product.md §20.9, route /events): upcoming events, soonest first, each with its
 * date and time in Africa/Nairobi, venue, university and price or "Free", linked to its page; a
 * campus filter (`?university=`, with "My campus" for a signed-in user) and the pagination.
 * 'No upcoming events.' when there are none.
 */
export default function EventsPage() {
  usePageMeta(EVENTS_HEAD.title, EVENTS_HEAD.description);
  const [params, setParams] = useSearchParams();
  const state = parseEventsUrl(params);
  const { items, totalPages, loading, failed, networkError, retry } = useListFetch(
    toEventsQuery(state),
    getEvents,
    'events',
  );
  return (
    <Container sx={{ py: 3 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Campus events
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        What is on at your campus and the ones nearby. Times are in Nairobi time (EAT).
      </Typography>
      <CampusFilter
        value={state.university}
        onChange={(university) => setParams(new URLSearchParams(eventsSearch({ university, page: 1 })))}
      />
      <Box component="section" aria-label="Events">
        {loading ? <LoadingSpinner label="Loading events" over={items.length > 0} /> : null}
        <ListLoadNotice
          what="events"
          page={state.page}
          failed={failed}
          hasItems={items.length > 0}
          networkError={networkError}
          onRetry={retry}
        />
        {!loading && !failed && items.length === 0 ? (
          <Typography sx={{ py: 3 }}>No upcoming events.</Typography>
        ) : null}
        {items.length > 0 ? (
          <Box
            component="ul"
            aria-busy={loading || undefined}
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(3, minmax(0, 1fr))',
              },
              gap: 2,
              listStyle: 'none',
              p: 0,
              m: 0,
              opacity: loading ? 0.6 : 1,
              '& > li': { display: 'flex', minWidth: 0 },
            }}
          >
            {items.map((event, index) => (
              <li key={event._id}>
                <EventCard event={event} eager={index < EAGER_CARDS} />
              </li>
            ))}
          </Box>
        ) : null}
        <Pagination
          page={state.page}
          totalPages={totalPages}
          hrefFor={(page) => `/events${eventsSearch({ ...state, page })}`}
          onNavigate={scrollToTop}
        />
      </Box>
    </Container>
  );
}
