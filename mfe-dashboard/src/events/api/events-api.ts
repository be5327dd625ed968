/**
 * Calls of the dashboard's events page (docs/product.md §15): GET /events/mine, POST /events,
 * PATCH /events/:id, DELETE /events/:id. Times travel as ISO 8601 UTC; price in KES or ''.
 */

import { apiClient, type CampusEvent, TIMEOUT_CREATE_SERVICE_MS } from '@campus/shared';
import type { AxiosProgressEvent } from 'axios';
import { type FormDataValue, toFormData } from '../../common/utils/form-data';

export interface EventPayload {
  title?: string;
  description?: string;
  /** ISO 8601 with offset. */
  startsAt?: string;
  /** ISO 8601, or '' for none. */
  endsAt?: string;
  venue?: string;
  university?: string;
  /** KES, or '' for free / not stated. */
  price?: string;
  coverImage?: File;
}

type Progress = (event: AxiosProgressEvent) => void;

/** `GET /events/mine`: my events, latest start first. */
export async function getMyEvents(): Promise<CampusEvent[]> {
  const { data } = await apiClient.get<{ data: { events: CampusEvent[] } }>('/events/mine');
  return data.data.events;
}

/** `POST /events` (multipart). */
export async function createEvent(payload: EventPayload, onUploadProgress?: Progress): Promise<CampusEvent> {
  const { data } = await apiClient.post<{ data: { event: CampusEvent } }>(
    '/events',
    toFormData(payload as Record<string, FormDataValue>),
    { timeout: TIMEOUT_CREATE_SERVICE_MS, onUploadProgress },
  );
  return data.data.event;
}

/** `PATCH /events/:id` (multipart; only the given fields change). */
export async function updateEvent(id: string, payload: EventPayload, onUploadProgress?: Progress) {
  const { data } = await apiClient.patch<{ data: { event: CampusEvent } }>(
    `/events/${encodeURIComponent(id)}`,
    toFormData(payload as Record<string, FormDataValue>),
    { timeout: TIMEOUT_CREATE_SERVICE_MS, onUploadProgress },
  );
  return data.data.event;
}

/** `DELETE /events/:id`. */
export async function deleteEvent(id: string): Promise<void> {
  await apiClient.delete(`/events/${encodeURIComponent(id)}`);
}
