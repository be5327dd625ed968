/**
 * The terms saved searches are found by (docs/product.md §30; ADR 0035 "Indexed terms"; migration
 * 0023). Matching a new listing looks up its keys in `saved_search_terms (term, saved_search_id)`
 * and checks only the saved searches found there. Each saved search is stored under terms that
 * any listing it matches is sure to carry among its keys, so the lookup never loses a match:
 *
 * - `c:<CODE>` — a search by course code (`SCH2101`): a listing's keys hold its course codes.
 * - `w:<word>` — a search with words (no course code): ONE of its own typed words, the one
 *   fewest saved searches are stored under (then the longest). Every typed word of a listing's
 *   match is among the listing's keys, which hold every prefix of every lexeme of its `search`
 *   vector (a typed word is a prefix term, `word:*`), the digits of a course-code lexeme
 *   (`sch2101` answers `sch 2101`), and the words of each synonym that one of the synonym's
 *   alternatives finds in the listing (the listing side of ADR 0036): so the index holds only
 *   the search's own words, and editing the synonyms needs no re-indexing.
 * - `t:<trigram>` — the list's typo-tolerant match (`words <% title`, word_similarity ≥ 0.6):
 *   a search whose words have n trigrams matches only a title holding at least ⌈0.6·n⌉ of them,
 *   so any n − ⌈0.6·n⌉ + 1 of them include one the title holds; those least used are stored.
 * - `k:<kind>:<category or *>` — a search with neither words nor a course code: its kind and
 *   category (all its other filters are columns checked in the same query).
 *
 * The other filters (price band, condition, campus, verified-only, category) are copied into
 * columns of `saved_searches` (`matchColumns`) and checked in the lookup's query; the words
 * (full text with the synonyms, or trigrams) are checked afterwards on the few candidates only.
 */
import { listRequest } from '../catalog/listing.ts';
import type { ListFilter } from '../catalog/repository.ts';
import type { SynonymGroup, SynonymMap } from '../catalog/search.ts';
import { normaliseTerms } from '../catalog/search.ts';
import type { FavouriteKind, ProductCondition } from '../db/schema.ts';

/**
 * pg_trgm's `word_similarity_threshold` the typo-tolerant match uses (its default; the list
 * does not change it). The trigram terms assume it: a higher threshold stays correct, a lower
 * one would need more trigrams per saved search.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.6;

/** Copies of a saved search's filter, checked in SQL by the matcher (migration 0023). */
export interface MatchColumns {
  category: string | null;
  /** KES */
  min_price: number | null;
  /** KES */
  max_price: number | null;
  condition: ProductCondition | null;
  university: string | null;
  verified_only: boolean;
  /** Normalised course code, `SCH2101` (products only). */
  course: string | null;
}

/** What a saved search may be indexed by, before choosing among its words and trigrams. */
export interface TermChoice {
  kind: FavouriteKind;
  category: string | null;
  course: string | null;
  /** Its typed words (lower-case letters and digits), empty without a search. */
  words: string[];
  /** The text of the typo-tolerant match (`words` joined by spaces), or null when too short. */
  trigram: string | null;
}

/**
 * The list filter of a stored query (the list's own `listRequest`, with `synonyms` when given),
 * or null when it no longer passes the list's checks (then it matches nothing).
 */
export function storedFilter(
  kind: FavouriteKind,
  filters: Record<string, unknown>,
  synonyms?: SynonymMap,
): ListFilter | null {
  try {
    return listRequest({ page: 1, limit: 1, ...filters } as never, {
      conditions: kind === 'products',
      ...(synonyms ? { synonyms } : {}),
    }).filter;
  } catch {
    return null;
  }
}

/** The copies of `filters` the matcher checks in SQL; a filter that fails the list's checks copies nothing. */
export function matchColumns(kind: FavouriteKind, filters: Record<string, unknown>): MatchColumns {
  const filter = storedFilter(kind, filters);
  return {
    category: filter?.category ?? null,
    min_price: filter?.minPrice ?? null,
    max_price: filter?.maxPrice ?? null,
    condition: filter?.condition ?? null,
    university: filter?.university ?? null,
    verified_only: filter?.verifiedOnly === true,
    course: filter?.course ?? null,
  };
}

/** What `filters` may be indexed by (see the module comment). */
export function termChoice(kind: FavouriteKind, filters: Record<string, unknown>): TermChoice {
  const filter = storedFilter(kind, filters);
  return {
    kind,
    category: filter?.category ?? null,
    course: filter?.course ?? null,
    words: filter?.search?.words ?? [],
    trigram: filter?.search?.trigram ?? null,
  };
}

/** How many of n trigrams must be stored so that a title reaching the threshold holds one. */
export function trigramsNeeded(n: number, threshold = WORD_SIMILARITY_THRESHOLD): number {
  if (n === 0) return 0;
  const mustHold = Math.ceil(threshold * n - 1e-9);
  return Math.min(n, n - mustHold + 1);
}

/**
 * The terms of one saved search, choosing its least used word and trigrams.
 * @param trigrams the unique trigrams of `choice.trigram` as pg_trgm computes them (`show_trgm`)
 * @param used how many saved searches each term is stored under now (missing: none)
 */
export function chooseTerms(
  choice: TermChoice,
  trigrams: readonly string[],
  used: ReadonlyMap<string, number>,
): string[] {
  if (choice.course) return [`c:${choice.course}`];
  if (choice.words.length === 0) return [`k:${choice.kind}:${choice.category ?? '*'}`];
  const count = (term: string) => used.get(term) ?? 0;
  const words = [...new Set(choice.words)].map((word) => `w:${word}`);
  words.sort((a, b) => count(a) - count(b) || b.length - a.length);
  const terms = [words[0] as string];
  if (choice.trigram && trigrams.length > 0) {
    const ranked = [...new Set(trigrams)].map((trigram) => `t:${trigram}`);
    // Least used first; then trigrams inside a word (no padding space) before word edges.
    const padded = (term: string) => (term.includes(' ') ? 1 : 0);
    ranked.sort((a, b) => count(a) - count(b) || padded(a) - padded(b) || (a < b ? -1 : a > b ? 1 : 0));
    terms.push(...ranked.slice(0, trigramsNeeded(ranked.length)));
  }
  return terms;
}

/** The synonyms as the listing side needs them: each typed term's words and what else finds it. */
export interface SynonymReach {
  entries: { words: string[]; alternatives: string[][] }[];
}

/** Builds the listing side of the synonyms from the groups and the map the list expands with. */
export function synonymReach(groups: readonly SynonymGroup[], map: SynonymMap): SynonymReach {
  const entries: SynonymReach['entries'] = [];
  const seen = new Set<string>();
  for (const group of groups) {
    for (const term of normaliseTerms(group.words)) {
      if (seen.has(term)) continue;
      seen.add(term);
      const alternatives = map.expand(term).map((alternative) => alternative.split(' '));
      if (alternatives.length > 0) entries.push({ words: term.split(' '), alternatives });
    }
  }
  return { entries };
}

/** A live listing as the term lookup sees it. */
export interface ListingTerms {
  kind: FavouriteKind;
  category: string;
  /** Lexemes of its `search` vector (`tsvector_to_array`). */
  lexemes: readonly string[];
  /** Unique trigrams of its title or name (`show_trgm`). */
  trigrams: readonly string[];
  /** Normalised course codes (products). */
  courseCodes: readonly string[];
}

const COURSE_LEXEME = /^([a-z]{2,4})(\d{3,4})$/;

/** The keys to look up for a listing (see the module comment). */
export function listingKeys(listing: ListingTerms, reach: SynonymReach): string[] {
  const prefixes = new Set<string>();
  for (const lexeme of listing.lexemes) {
    for (let end = 1; end <= lexeme.length; end++) prefixes.add(lexeme.slice(0, end));
    const code = COURSE_LEXEME.exec(lexeme);
    if (code?.[2]) prefixes.add(code[2]);
  }
  const words = new Set(prefixes);
  // An alternative matches as a prefix (long ones) or exactly (short ones): a prefix is the
  // wider test, so this never misses a synonym the full-text check would accept.
  for (const entry of reach.entries) {
    if (entry.alternatives.some((alternative) => alternative.every((word) => prefixes.has(word)))) {
      for (const word of entry.words) words.add(word);
    }
  }
  const keys = [`k:${listing.kind}:*`, `k:${listing.kind}:${listing.category}`];
  for (const code of listing.courseCodes) keys.push(`c:${code}`);
  for (const trigram of listing.trigrams) keys.push(`t:${trigram}`);
  for (const word of words) keys.push(`w:${word}`);
  return keys;
}
