import { apiClient } from '@campus/shared';
import type { SavedSearch, SavedSearchAlert } from '@campus/shared/contract';

export type { SavedSearchAlert } from '@campus/shared/contract';

/**
 * Longest saved-search name, characters: the contract's MAX_SAVED_SEARCH_NAME (docs/product.md §30),
 * kept here so the list page's chunk does not carry the contract's schemas (a test checks they agree).
 */
export const SAVED_SEARCH_NAME_MAX = 60;

/** The alert choices the save dialog offers (docs/product.md §30), in its order. */
export const ALERT_CHOICES: { value: SavedSearchAlert; label: string }[] = [
  { value: 'instant', label: 'As soon as something new is listed (at most one e-mail every 15 minutes)' },
  { value: 'daily', label: 'Once a day, at 6 pm' },
  { value: 'off', label: 'No e-mails' },
];

/**
 * POST /api/v1/saved-searches (docs/product.md §30): saves the list search the student is looking
 * at. `filters` is the list's query (page and limit are dropped by the API). Errors are left to the
 * caller (no redirects): it shows the server's message (e.g. the 20-search limit).
 * @returns the saved search
 */
export async function saveSearch(input: {
  name: string;
  kind: 'products' | 'services';
  filters: Record<string, unknown>;
  alert: SavedSearchAlert;
}): Promise<SavedSearch> {
  const answer = await apiClient.call('POST /saved-searches', { body: input, redirectOnError: false });
  return answer.data.savedSearch;
}
