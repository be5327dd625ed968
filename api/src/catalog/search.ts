/**
 * Turns what a user types in the products/services search box (docs/product.md §2 "Sticky search box",
 * docs/product.md §7: sent after a 300 ms debounce, so it is often a word being typed) into safe inputs
 * for PostgreSQL:
 *
 * - full-text: every word becomes a prefix term, words ANDed: `hp lapt` → `hp:* & lapt:*`, so
 *   `text` finds "Textbooks" and `hp` finds "HP laptop". Only letters and digits survive, so
 *   no tsquery operator (`& | ! <-> : * ( ) '`) from the input ever reaches `to_tsquery`.
 * - expansions (docs/product.md §31, ADR 0036): a word (or a phrase of up to 3 words) that is a
 *   synonym (`SynonymMap`, the `search_synonyms` groups) becomes an OR group of what was typed and
 *   its synonyms, `laptop` → `(laptop:* | notebook:* | elitebook:* | hp ...)`; a course code typed
 *   as two words, `sch 2101`, becomes `(sch:* & 2101:* | sch2101)`. The synonyms are data
 *   normalised to letters and digits too, so they cannot carry an operator either. `typed` keeps
 *   the unexpanded query, for ranking the typed words first.
 * - trigram fallback (typos, used when full-text finds nothing): the same words joined by
 *   spaces, matched with `word_similarity` against the title/name (`calculater` → "Scientific
 *   calculator"). Only for terms of 3+ characters: shorter terms have too few trigrams to be
 *   meaningful and cannot use the trigram index.
 */

/** At most this many words of a search are used (the rest is ignored). */
export const MAX_SEARCH_WORDS = 8;
/** Shortest search (characters, without spaces) for which the trigram fallback runs. */
export const MIN_TRIGRAM_LENGTH = 3;
/** Longest synonym phrase, in words (`gas cylinder`). */
export const MAX_SYNONYM_WORDS = 3;
/** Most alternatives one typed word or phrase expands to (keeps the tsquery small). */
export const MAX_EXPANSIONS = 24;
/** Alternatives this long or longer match as prefixes (`notebook` finds "notebooks"); shorter ones exactly (`hp`, `simu`). */
export const MIN_PREFIX_ALTERNATIVE = 5;

/** A normalized search: `null` when the input holds no letter or digit. */
export interface SearchTerms {
  /** Lower-case words (letters and digits only), at most MAX_SEARCH_WORDS. */
  words: string[];
  /** The argument for `to_tsquery('simple', ...)`, e.g. `hp:* & lapt:*` (with expansions). */
  tsquery: string;
  /** The unexpanded `to_tsquery` argument when `tsquery` holds expansions (ranks typed words first); else null. */
  typed: string | null;
  /** The argument for the trigram fallback, e.g. `hp lapt`; null when too short. */
  trigram: string | null;
}

/** One synonym group (docs/product.md §31): `words` mean the same; `narrower` are kinds of them. */
export interface SynonymGroup {
  words: string[];
  narrower: string[];
}

/** Lower-case words of letters and digits of `text` (Unicode NFKC). */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * The synonym groups as a lookup: typed term (words joined by one space) → the terms it also
 * finds. A word of a group's `words` finds the group's other words and its `narrower` ones; a
 * narrower word finds only itself. A term in several groups finds the union. Immutable.
 */
export class SynonymMap {
  static readonly EMPTY = new SynonymMap([]);
  private readonly expansions = new Map<string, string[]>();

  constructor(groups: readonly SynonymGroup[]) {
    for (const group of groups) {
      const words = normaliseTerms(group.words);
      const narrower = normaliseTerms(group.narrower);
      for (const word of words) {
        const found = new Set(this.expansions.get(word) ?? []);
        for (const other of [...words, ...narrower]) if (other !== word) found.add(other);
        this.expansions.set(word, [...found].slice(0, MAX_EXPANSIONS));
      }
    }
  }

  /** What `term` (normalised words joined by spaces) also finds; empty when it is no synonym. */
  expand(term: string): readonly string[] {
    return this.expansions.get(term) ?? [];
  }

  /** True when no group is loaded. */
  get empty(): boolean {
    return this.expansions.size === 0;
  }
}

/** Each term as normalised words joined by one space, at most MAX_SYNONYM_WORDS words, without empties. */
export function normaliseTerms(terms: readonly string[]): string[] {
  const out: string[] = [];
  for (const term of terms) {
    const words = searchWords(term);
    if (words.length === 0 || words.length > MAX_SYNONYM_WORDS) continue;
    const joined = words.join(' ');
    if (!out.includes(joined)) out.push(joined);
  }
  return out;
}

/** `sch` + `2101`: the two typed words that make a course code (docs/product.md §31), or null. */
function courseCodeOf(letters: string | undefined, digits: string | undefined): string | null {
  if (!letters || !digits) return null;
  return /^[a-z]{2,4}$/.test(letters) && /^\d{3,4}$/.test(digits) ? `${letters}${digits}` : null;
}

/** An alternative as a tsquery term: its words ANDed, long ones as prefixes. */
function alternative(term: string): string {
  const parts = term.split(' ').map((word) => (word.length >= MIN_PREFIX_ALTERNATIVE ? `${word}:*` : word));
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' & ')})`;
}

/**
 * Normalizes a raw search string (Unicode NFKC, lower case, words of letters/digits) and expands
 * synonyms and course codes typed as words.
 * @param raw the user's text (already limited to 100 characters by the route schema)
 * @param synonyms the synonym groups (docs/product.md §31); default none
 * @returns the terms, or null when nothing searchable remains (then no search filter applies)
 */
export function parseSearch(
  raw: string | undefined,
  synonyms: SynonymMap = SynonymMap.EMPTY,
): SearchTerms | null {
  if (!raw) return null;
  const words = searchWords(raw).slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return null;
  const text = words.join(' ');
  const typed = words.map((word) => `${word}:*`).join(' & ');
  const groups: string[] = [];
  let expanded = false;
  for (let i = 0; i < words.length; ) {
    let taken = 1;
    let group = `${words[i]}:*`;
    const code = courseCodeOf(words[i], words[i + 1]);
    if (code) {
      taken = 2;
      group = `(${words[i]}:* & ${words[i + 1]}:* | ${code})`;
      expanded = true;
    }
    for (let n = Math.min(MAX_SYNONYM_WORDS, words.length - i); n >= 1 && !synonyms.empty; n--) {
      const term = words.slice(i, i + n).join(' ');
      const alternatives = synonyms.expand(term);
      if (alternatives.length === 0) continue;
      const own = words.slice(i, i + n).map((word) => `${word}:*`);
      const first = own.length === 1 ? own[0] : `(${own.join(' & ')})`;
      taken = n;
      group = `(${[first, ...alternatives.map(alternative)].join(' | ')})`;
      expanded = true;
      break;
    }
    groups.push(group);
    i += taken;
  }
  return {
    words,
    tsquery: expanded ? groups.join(' & ') : typed,
    typed: expanded ? typed : null,
    trigram: words.join('').length >= MIN_TRIGRAM_LENGTH ? text : null,
  };
}

/** How a list query matches its search: full-text, trigram fallback, or no search at all. */
export type SearchMode = 'none' | 'fts' | 'trigram';
