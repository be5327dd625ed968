import { randomBytes } from 'node:crypto';

/**
 * A word for a test's listing that no other test's word resembles: `zq` + 10 random base-36
 * characters. The site's search is typo-tolerant (trigram fallback, word_similarity ≥ 0.6), so
 * words built from `Date.now()` shared a prefix and a search for one found another test's
 * listing (`selling.spec.ts` saw `saved-and-insights.spec.ts`'s calculator after its own was sold).
 */
export function uniqueWord(): string {
  const value = BigInt(`0x${randomBytes(8).toString('hex')}`).toString(36);
  return `zq${value.padStart(10, '0').slice(-10)}`;
}
