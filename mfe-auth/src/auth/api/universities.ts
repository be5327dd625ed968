import { apiClient, UNIVERSITY_COUNTRY, type University } from '@campus/shared';

/**
 * `GET /universities?country=KE` (docs/product.md §3 "University reference entry", docs/product.md §9): the picker's
 * list, `{name, url}` sorted and one per name. Fetched, never bundled.
 */
export async function fetchUniversities(country = UNIVERSITY_COUNTRY): Promise<University[]> {
  const answer = await apiClient.call('GET /universities', { query: { country }, redirectOnError: false });
  return answer.data.universities;
}
