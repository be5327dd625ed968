/**
 * The WebP variants of a stored cover (docs/product.md §23.4 and §23.8), found by the upload naming rule
 * `/uploads/<folder>/<uuid>-<width>.webp` (api/src/uploads/storage.ts): the API returns the
 * 1200 px `coverImage` and the 400 px `coverThumbnail`; the 800 px and 200 px siblings have the
 * same stem. For a picture stored before those existed, the server answers the nearest stored
 * variant, so the derived URLs always load.
 */

export interface CoverVariants {
  /** 200 px: the data saver's thumbnail. */
  small: string;
  /** 400 px. */
  thumbnail: string;
  /** 800 px. */
  medium: string;
  /** 1200 px. */
  large: string;
}

const STORED_COVER = /^(\/uploads\/[A-Za-z0-9/_-]+)-(?:1200|400)\.webp$/;

/**
 * The four variants of a stored cover, or null when the URLs do not follow the naming rule
 * (e.g. an external URL) and only the given files can be used.
 */
export function coverVariants(thumbnail?: string | null, large?: string | null): CoverVariants | null {
  const stem = STORED_COVER.exec(thumbnail ?? large ?? '')?.[1];
  if (!stem) return null;
  return {
    small: `${stem}-200.webp`,
    thumbnail: thumbnail ?? `${stem}-400.webp`,
    medium: `${stem}-800.webp`,
    large: large ?? `${stem}-1200.webp`,
  };
}

/**
 * `srcset` of a cover: the 200/400/800/1200 px WebP of a stored cover (cards pick 200-800 px by
 * their `sizes`, the item page's gallery up to 1200 px); else the two files that exist.
 */
export function cardSrcSet(thumbnail?: string | null, large?: string | null): string | undefined {
  const variants = coverVariants(thumbnail, large);
  if (variants) {
    return `${variants.small} 200w, ${variants.thumbnail} 400w, ${variants.medium} 800w, ${variants.large} 1200w`;
  }
  return thumbnail && large ? `${thumbnail} 400w, ${large} 1200w` : undefined;
}
