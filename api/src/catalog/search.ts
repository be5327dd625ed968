/**
 * Turns what a user types in the products/services search box (docs/product.md §2 "Sticky search box",
 * docs/product.md §7: sent after a 300 ms debounce, so it is often a word being typed) into safe inputs
 * for PostgreSQL:
 *
 * - full-text: every word becomes a prefix term, words ANDed: `hp lapt` → `hp:* & lapt:*`, so
 *   `text` finds "Textbooks" and `hp` finds "HP laptop". Only letters and digits survive, so
 *   no tsquery operator (`& | ! <-> : * ( ) '`) from the input ever reaches `to_tsquery`.
 * - trigram fallback (typos, used when full-text finds nothing): the same words joined by
 *   spaces, matched with `word_similarity` against the title/name (`calculater` → "Scientific
 *   calculator"). Only for terms of 3+ characters: shorter terms have too few trigrams to be
 *   meaningful and cannot use the trigram index.
 */

/** At most this many words of a search are used (the rest is ignored). */
export const MAX_SEARCH_WORDS = 8;
/** Shortest search (characters, without spaces) for which the trigram fallback runs. */
export const MIN_TRIGRAM_LENGTH = 3;

/** A normalized search: `null` when the input holds no letter or digit. */
export interface SearchTerms {
  /** Lower-case words (letters and digits only), at most MAX_SEARCH_WORDS. */
  words: string[];
  /** The argument for `to_tsquery('simple', ...)`, e.g. `hp:* & lapt:*`. */
  tsquery: string;
  /** The argument for the trigram fallback, e.g. `hp lapt`; null when too short. */
  trigram: string | null;
}

/**
 * Normalizes a raw search string (Unicode NFKC, lower case, words of letters/digits).
 * @param raw the user's text (already limited to 100 characters by the route schema)
 * @returns the terms, or null when nothing searchable remains (then no search filter applies)
 */
export function parseSearch(raw: string | undefined): SearchTerms | null {
  if (!raw) return null;
  const words = (
    raw
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return null;
  const text = words.join(' ');
  return {
    words,
    tsquery: words.map((word) => `${word}:*`).join(' & '),
    trigram: words.join('').length >= MIN_TRIGRAM_LENGTH ? text : null,
  };
}

/** How a list query matches its search: full-text, trigram fallback, or no search at all. */
export type SearchMode = 'none' | 'fts' | 'trigram';
