import { styled } from '@mui/material';

/*
 * Icons that a list page repeats (the chat link's WhatsApp mark and the card's heart), drawn as a
 * CSS mask filled with the text colour instead of an inline `<svg>` (docs/product.md §23, ADR 0017). A list
 * page shows 20 cards: as MUI SvgIcons their path data was 40 inline SVGs (25 KB of the 159 KB
 * `/products` document, parsed and laid out on the phone's main thread before first paint) and 40
 * SvgIcon components to hydrate. Here each icon is one empty `<span>`, and its shape is written
 * once, in one CSS rule. Same box as SvgIcon with `fontSize="inherit"`: 1em square, inline-block,
 * `currentColor`. Paths: Material Design icons as shipped by @mui/icons-material (WhatsApp,
 * Favorite, FavoriteBorder; viewBox 0 0 24 24).
 */

const WHATSAPP_PATH =
  'M16.75 13.96c.25.13.41.2.46.3.06.11.04.61-.21 1.18-.2.56-1.24 1.1-1.7 1.12-.46.02-.47.36-2.96-.73-2.49-1.09-3.99-3.75-4.11-3.92-.12-.17-.96-1.38-.92-2.61.05-1.22.69-1.8.95-2.04.24-.26.51-.29.68-.26h.47c.15 0 .36-.06.55.45l.69 1.87c.06.13.1.28.01.44l-.27.41-.39.42c-.12.12-.26.25-.12.5.12.26.62 1.09 1.32 1.78.91.88 1.71 1.17 1.95 1.3.24.14.39.12.54-.04l.81-.94c.19-.25.35-.19.58-.11l1.67.88M12 2a10 10 0 0 1 10 10 10 10 0 0 1-10 10c-1.97 0-3.8-.57-5.35-1.55L2 22l1.55-4.65A9.969 9.969 0 0 1 2 12 10 10 0 0 1 12 2m0 2a8 8 0 0 0-8 8c0 1.72.54 3.31 1.46 4.61L4.5 19.5l2.89-.96A7.95 7.95 0 0 0 12 20a8 8 0 0 0 8-8 8 8 0 0 0-8-8z';
const HEART_PATH =
  'm12 21.35-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z';
const HEART_OUTLINE_PATH =
  'M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05';

/** A CSS `url()` of an SVG document (24 × 24 viewBox) holding `path`, for `mask-image`. */
export function maskUrl(path: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${path}"/></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/** The shapes, by the Material icon's name (also the span's `data-icon`). */
const SHAPES = { WhatsApp: WHATSAPP_PATH, Favorite: HEART_PATH, FavoriteBorder: HEART_OUTLINE_PATH } as const;

/*
 * A 1em square painted in `currentColor` through the mask of its shape: one class, a sub-rule per
 * shape. Forced-colours mode keeps its colour (`forced-color-adjust: none`), otherwise the forced
 * background would blank the shape.
 */
const Mask = styled('span')({
  display: 'inline-block',
  flexShrink: 0,
  width: '1em',
  height: '1em',
  backgroundColor: 'currentColor',
  forcedColorAdjust: 'none',
  ...Object.fromEntries(
    Object.entries(SHAPES).map(([name, path]) => [
      `&[data-icon="${name}"]`,
      { mask: `${maskUrl(path)} center / contain no-repeat` },
    ]),
  ),
});

/**
 * One decorative (`aria-hidden`) icon; the control it sits in carries the name. `shape`:
 * 'WhatsApp' (chat links, docs/product.md §7), 'Favorite' (a saved item's heart, docs/product.md §20.1) or
 * 'FavoriteBorder' (the heart of an item not saved).
 */
export function MaskIcon({ shape }: { shape: keyof typeof SHAPES }) {
  return <Mask aria-hidden="true" data-icon={shape} />;
}
