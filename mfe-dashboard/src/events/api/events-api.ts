/**
 * Calls of the dashboard's events page (docs/product.md §15): GET /events/mine, POST /events,
 * PATCH /events/:id, DELETE /events/:id. Times travel as ISO 8601 UTC; price in KES or ''.
 */

import { apiClient, type CampusEvent, TIMEOUT_CREATE_SERVICE_MS } from '@campus/shared';
import type { FormValuesOf } from '@campus/shared/contract';
import type { AxiosProgressEvent } from 'axios';
import { toFormData } from '../../common/utils/form-data';

/**
 * The event form's values (the contract's form fields): startsAt ISO 8601 with offset, endsAt
 * ISO 8601 or '' for none, price KES or '' for free / not stated, coverImage a picture.
 */
export type EventPayload = FormValuesOf<'POST /events'>;

type Progress = (event: AxiosProgressEvent) => void;

/** `GET /events/mine`: my events, latest start first. */
export async function getMyEvents(): Promise<CampusEvent[]> {
  const answer = await apiClient.call('GET /events/mine');
  return answer.data.events;
}

/** `POST /events` (multipart). */
export async function createEvent(payload: EventPayload, onUploadProgress?: Progress): Promise<CampusEvent> {
  const answer = await apiClient.call('POST /events', {
    body: toFormData(payload),
    timeout: TIMEOUT_CREATE_SERVICE_MS,
    onUploadProgress,
  });
  return answer.data.event;
}

/** `PATCH /events/:id` (multipart; only the given fields change). */
export async function updateEvent(id: string, payload: EventPayload, onUploadProgress?: Progress) {
  const answer = await apiClient.call('PATCH /events/:id', {
    params: { id },
    body: toFormData(payload),
    timeout: TIMEOUT_CREATE_SERVICE_MS,
    onUploadProgress,
  });
  return answer.data.event;
}

/** `DELETE /events/:id`. */
export async function deleteEvent(id: string): Promise<void> {
  await apiClient.call('DELETE /events/:id', { params: { id } });
}
