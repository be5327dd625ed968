/**
 * Server-side data loaders of the events pages (docs/product.md §23.3; ADR 0009): the exposed page module re-exports
 * it as `loadServerData`; the host's server calls it with the API in-process before rendering,
 * puts the result into the HTML and the page's hooks start from it (same keys via `preloadKey`,
 * same shapes as the browser's fetchers), so the browser does not fetch the data again. The
 * head (title, description, share image) comes from the same data.
 */
import { type LoadServerData, preloadKey } from '@campus/shared';
import { itemDescription } from '../../common/utils/item-description';
import { eventPage } from '../api/get-events';
import { parseEventsUrl, toEventsQuery } from '../utils/events-url';

/** Title and description of the events page (docs/product.md §20.9). */
export const EVENTS_HEAD = {
  title: 'Campus events',
  description: 'Upcoming events on Kenyan campuses: dates and times in Nairobi time, venues and prices.',
};

/** /events: the page of the URL's university and page (as the page asks the API). */
export const loadEventsPage: LoadServerData = async ({ searchParams, api }) => {
  if (!api.listEvents) return { data: {}, head: EVENTS_HEAD };
  const query = toEventsQuery(parseEventsUrl(searchParams));
  return {
    data: { [preloadKey('events', query)]: eventPage(await api.listEvents(query)) },
    head: EVENTS_HEAD,
  };
};

/** /events/:eventId: the event, or not found. */
export const loadEventDetail: LoadServerData = async ({ params, api }) => {
  const id = params.eventId ?? '';
  if (!api.getEvent) return { data: {} };
  const event = await api.getEvent(id);
  if (!event) return { data: {}, notFound: true };
  return {
    data: { [preloadKey('event', id)]: event },
    head: { title: event.title, description: itemDescription(event.description), image: event.coverImage },
  };
};
