/**
 * Listings the dashboard's tests show (tests only; no page imports this): the fields of a
 * service as its list item and the owner's list both carry them (docs/product.md §3 "Service").
 */

/** Calculus tutoring, a service without pictures. */
export const TUTORING = {
  _id: 'sv1',
  name: 'Calculus tutoring',
  description: 'Two hours a week.',
  price: 500,
  category: 'Tutoring and Academic Support',
  coverImage: null,
  coverThumbnail: null,
} as const;
