/**
 * The events list's state in the URL (docs/product.md §20.9): `?university=<KE name>&page=`, so a
 * filtered list can be shared and reloaded. Pure functions.
 */
import { type EventsQuery, KE_UNIVERSITY_NAMES, PAGE_SIZE } from '@campus/shared';

/** The events list's URL state. */
export interface EventsUrlState {
  /** A KE university's full name, '' = every campus. */
  university: string;
  /** 1-based page. */
  page: number;
}

/** Reads the state; an unknown university or a bad page is dropped (no API 400 from a hand-edited URL). */
export function parseEventsUrl(params: URLSearchParams): EventsUrlState {
  const university = params.get('university') ?? '';
  const page = Number(params.get('page'));
  return {
    university: KE_UNIVERSITY_NAMES.includes(university) ? university : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL query of a state (empty values and page 1 left out). */
export function eventsSearch(state: EventsUrlState): string {
  const params = new URLSearchParams();
  if (state.university) params.set('university', state.university);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The API query of a state: page, limit 20 and the university when set. */
export function toEventsQuery(state: EventsUrlState): EventsQuery {
  const query: EventsQuery = { page: state.page, limit: PAGE_SIZE };
  if (state.university) query.university = state.university;
  return query;
}
