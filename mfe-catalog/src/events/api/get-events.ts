import { apiClient, type CampusEvent, type EventListData, type EventsQuery } from '@campus/shared';
import type { ListPage } from '../../common/hooks/useListFetch';

/** The list page of a `GET /events` answer's `data` (shared by the browser and the server loader). */
export function eventPage(data: EventListData): ListPage<CampusEvent> {
  return { items: data.events ?? [], totalPages: data.totalPages ?? 0, total: data.totalEvents ?? 0 };
}

/**
 * `GET /events` (docs/product.md §20.9): one page of upcoming campus events, soonest first, of one
 * university when `query.university` is set. Aborts with `signal`.
 */
export async function getEvents(query: EventsQuery, signal?: AbortSignal): Promise<ListPage<CampusEvent>> {
  const answer = await apiClient.call('GET /events', { query, signal });
  return eventPage(answer.data);
}

/**
 * `GET /events/:id` (docs/product.md §20.9): one event. An unknown id answers 404 'Event not found',
 * which the API client turns into the not-found page.
 */
export async function getEvent(id: string, signal?: AbortSignal): Promise<CampusEvent> {
  const answer = await apiClient.call('GET /events/:id', { params: { id }, signal });
  return answer.data.event;
}
