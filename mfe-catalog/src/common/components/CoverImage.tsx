import type { CSSProperties } from 'react';
import { cardSrcSet } from '../utils/cover-variants';
import { PRODUCT_PLACEHOLDER } from '../utils/placeholder-images';

interface CoverImageProps {
  /** URL path of the 400 px wide WebP thumbnail, if any. */
  thumbnail?: string | null;
  /** URL path of the 1200 px wide WebP, if any. */
  large?: string | null;
  /** Alt text: the item's title or name. */
  alt: string;
  /** `sizes` attribute: the rendered width per viewport, so phones fetch the 400 px file. */
  sizes: string;
  /** Intrinsic size in px for the aspect ratio (no layout shift); default 400 × 300 (4:3). */
  width?: number;
  height?: number;
  /** Above the fold: load at once with high priority instead of lazily. */
  eager?: boolean;
  /** Image shown when there is no cover; default the product placeholder. */
  placeholder?: string;
  style?: CSSProperties;
}

/**
 * A cover picture (ARCHITECTURE "Pages"): `src` = thumbnail (else the large file), a `srcset`
 * of the 200/400/800 px WebP variants of a stored cover (`cardSrcSet`, docs/product.md §23.4; 400w and
 * 1200w for other URLs) with `sizes`, width/height set, lazy and async decoding unless `eager`;
 * the placeholder when there is no cover (docs/product.md §9).
 */
export function CoverImage({
  thumbnail,
  large,
  alt,
  sizes,
  width = 400,
  height = 300,
  eager = false,
  placeholder = PRODUCT_PLACEHOLDER,
  style,
}: CoverImageProps) {
  const src = thumbnail || large || placeholder;
  const srcSet = cardSrcSet(thumbnail, large);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: `${width} / ${height}`,
        objectFit: 'cover',
        backgroundColor: '#e8ece9',
        ...style,
      }}
    />
  );
}
