/**
 * The host's server loader of `/auth` (docs/product.md §23.3; ADR 0009, ADR 0032). The page itself is
 * client-rendered (it depends on the session in the browser), but its route data still travels in
 * the HTML: for signup (`mode=register`) the KE universities of the picker, under the key the
 * auth remote's `useUniversities` reads (`preloadKey('universities', 'KE')`), so signup's first
 * view makes no API call and downloads no HTTP client before the student submits. Login needs no
 * data. A server without `listUniversities` gives nothing (the browser fetches the list).
 */
import { type LoadServerData, preloadKey, UNIVERSITY_COUNTRY } from '@campus/shared';

/** /auth: on `mode=register`, the universities of the signup picker; nothing otherwise. */
export const loadSignupUniversities: LoadServerData = async ({ searchParams, api }) => {
  if (searchParams.get('mode') !== 'register' || !api.listUniversities) return { data: {} };
  return {
    data: {
      [preloadKey('universities', UNIVERSITY_COUNTRY)]: await api.listUniversities(UNIVERSITY_COUNTRY),
    },
  };
};
