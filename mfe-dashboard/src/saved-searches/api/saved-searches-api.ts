/**
 * Calls of the saved-searches page (docs/product.md §30): `GET /saved-searches`,
 * `PATCH /saved-searches/:id` (rename, alert, `seen`) and `DELETE /saved-searches/:id` (204).
 */
import { apiClient } from '@campus/shared';
import type { SavedSearch, SavedSearchAlert } from '@campus/shared/contract';

export type { SavedSearch, SavedSearchAlert } from '@campus/shared/contract';

/** `GET /saved-searches`: mine, oldest first, with new-match counts. @throws the API client's error */
export async function getSavedSearches(): Promise<SavedSearch[]> {
  const answer = await apiClient.call('GET /saved-searches');
  return answer.data.savedSearches;
}

/** `PATCH /saved-searches/:id`: any of name, alert, seen. @throws the API client's error */
export async function editSavedSearch(
  id: string,
  changes: { name?: string; alert?: SavedSearchAlert; seen?: boolean },
): Promise<SavedSearch> {
  const answer = await apiClient.call('PATCH /saved-searches/:id', { params: { id }, body: changes });
  return answer.data.savedSearch;
}

/** `DELETE /saved-searches/:id`. @throws the API client's error */
export async function deleteSavedSearch(id: string): Promise<void> {
  await apiClient.call('DELETE /saved-searches/:id', { params: { id } });
}
