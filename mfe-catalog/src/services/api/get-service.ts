import { apiClient, type Service } from '@campus/shared';

/**
 * GET /services/:id: one service with photos and its provider (name, university, photo); counts
 * a view. An unknown id answers 404, which the API client turns into the not-found page.
 */
export async function getService(id: string, signal?: AbortSignal): Promise<Service> {
  const answer = await apiClient.call('GET /services/:id', { params: { id }, signal });
  return answer.data.service;
}
