/**
 * What search knows besides the listings (docs/product.md §31, ADR 0036): the synonym groups,
 * cached in memory as a `SynonymMap` and reloaded when their version (`TagVersions` tag
 * `synonyms`, in Redis when the app shares it) moved, so an admin's edit takes effect at once in
 * every API process without a restart; the admins' read and replace of the groups; and the "Did
 * you mean" suggestions of a search that found nothing.
 */
// Most terms per group: the contract's, which `PUT /admin/synonyms` validates with.
import { MAX_GROUP_TERMS } from '@campus/shared/contract';
import { HttpError } from '../errors.ts';
import type { ListingTable } from './repository.ts';
import { LocalTagVersions, type TagVersions } from './response-cache.ts';
import { MAX_SEARCH_WORDS, normaliseTerms, type SynonymGroup, SynonymMap } from './search.ts';
import type { SearchRepository } from './search-repository.ts';

/** Most suggestions of a search that found nothing. */
export const MAX_SUGGESTIONS = 3;
/** Shortest typed word for which a nearer word is looked for (trigram similarity needs 3+ letters). */
const MIN_SUGGESTED_LENGTH = 3;

export const SYNONYM_MESSAGES = {
  groupNeedsWords: 'Each synonym group needs at least one word of letters or digits (at most 3 words each)',
} as const;

export interface SearchServiceDeps {
  /** Where the synonyms' version lives (default: this process only). */
  versions?: TagVersions;
  /** Drops the cached list answers and totals whose matches the synonyms decided. */
  onSynonymsChange?: () => Promise<void>;
  now?: () => Date;
}

export type SearchService = ReturnType<typeof searchService>;

/** Builds the search service over `repository`. */
export function searchService(repository: SearchRepository, deps: SearchServiceDeps = {}) {
  const versions = deps.versions ?? new LocalTagVersions();
  const now = deps.now ?? (() => new Date());
  let loaded: { version: number; map: SynonymMap } | null = null;
  let loading: Promise<SynonymMap> | null = null;

  async function load(version: number): Promise<SynonymMap> {
    const map = new SynonymMap(await repository.synonymGroups());
    loaded = { version, map };
    return map;
  }

  return {
    /**
     * The synonym map (docs/product.md §31): from memory while the `synonyms` version is the one it
     * was loaded at, else reloaded (one load for concurrent callers).
     */
    async synonyms(): Promise<SynonymMap> {
      const [version = 0] = await versions.read(['synonyms']);
      if (loaded && loaded.version === version) return loaded.map;
      loading ??= load(version).finally(() => {
        loading = null;
      });
      return loading;
    },

    /** `GET /admin/synonyms`: every group, as stored. */
    groups: (): Promise<SynonymGroup[]> => repository.synonymGroups(),

    /**
     * `PUT /admin/synonyms`: replaces every group (terms normalised to lower-case words of
     * letters/digits, duplicates dropped), with an audit row; then the synonym version moves and
     * cached list answers are dropped, so the next search uses the new groups in every process.
     * @returns the groups as stored
     * @throws HttpError 400 `SYNONYM_MESSAGES.groupNeedsWords` for a group with no usable word
     */
    async replaceSynonyms(actorId: string, groups: SynonymGroup[]): Promise<SynonymGroup[]> {
      const clean = groups.map((group) => ({
        words: normaliseTerms(group.words).slice(0, MAX_GROUP_TERMS),
        narrower: normaliseTerms(group.narrower ?? []).slice(0, MAX_GROUP_TERMS),
      }));
      const bad = clean.findIndex((group) => group.words.length === 0);
      if (bad >= 0) {
        throw new HttpError(400, SYNONYM_MESSAGES.groupNeedsWords, {
          [`groups.${bad}.words`]: SYNONYM_MESSAGES.groupNeedsWords,
        });
      }
      await repository.replaceSynonyms(clean, actorId, now());
      loaded = null;
      await versions.bump(['synonyms']);
      await deps.onSynonymsChange?.();
      return clean;
    },

    /**
     * "Did you mean" (docs/product.md §31): up to `MAX_SUGGESTIONS` searches near `words` that find
     * public listings of `spec`. Each typed word that finds nothing is replaced by its nearest
     * title words (trigram similarity) that do; the first suggestion uses the nearest of each,
     * the next ones the second and third nearest. Empty when no word has a near neighbour.
     */
    async suggest(spec: ListingTable, words: readonly string[]): Promise<string[]> {
      const options: string[][] = [];
      let replaced = false;
      for (const word of words.slice(0, MAX_SEARCH_WORDS)) {
        if (word.length < MIN_SUGGESTED_LENGTH || (await repository.wordHasListings(spec, word))) {
          options.push([word]);
          continue;
        }
        const near = await repository.nearestWords(spec, word, MAX_SUGGESTIONS);
        if (near.length > 0) replaced = true;
        options.push(near);
      }
      if (!replaced) return [];
      const suggestions: string[] = [];
      for (let k = 0; k < MAX_SUGGESTIONS; k++) {
        const text = options
          .map((choices) => choices[Math.min(k, choices.length - 1)])
          .filter((word): word is string => word !== undefined)
          .join(' ');
        if (text !== '' && !suggestions.includes(text)) suggestions.push(text);
      }
      return suggestions;
    },
  };
}
