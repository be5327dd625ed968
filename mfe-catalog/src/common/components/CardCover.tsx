import { DATA_SAVER_LABEL, useDataSaver } from '@campus/shared';
import { Box } from '@mui/material';
import { useState } from 'react';
import { coverVariants } from '../utils/cover-variants';
import { CoverImage } from './CoverImage';

/** Text of the photo slot while the data saver holds the photo back. */
export const TAP_TO_LOAD_PHOTO = 'Tap to load photo';

interface CardCoverProps {
  /** URL path of the 400 px thumbnail, if any. */
  thumbnail?: string | null;
  /** URL path of the 1200 px picture, if any. */
  large?: string | null;
  /** The item's title: the image's alt text and the button's accessible name. */
  title: string;
  /** `sizes` of the cover in its grid. */
  sizes: string;
  /** Above the fold: load at once with high priority. */
  eager?: boolean;
}

/** Whether a card with these URLs holds its photo back right now (data saver on, a photo to hold). */
export function useCoverHeldBack(thumbnail?: string | null, large?: string | null): boolean {
  return useDataSaver() && Boolean(thumbnail || large);
}

/**
 * A card's cover (docs/product.md §23.8). Data saver off: the `CoverImage` (srcset 200/400/800 px).
 * Data saver on (`useDataSaver`: the footer toggle "Data saver: load photos on tap", the
 * browser's Save-Data, or the server's decision): no photo is fetched; the 4:3 slot is a button
 * "Tap to load photo" and a tap shows the 200 px thumbnail (the 400 px one for a cover without
 * the naming rule's siblings). Cards without a cover show the local placeholder either way.
 */
export function CardCover({ thumbnail, large, title, sizes, eager = false }: CardCoverProps) {
  const heldBack = useCoverHeldBack(thumbnail, large);
  const [tapped, setTapped] = useState(false);
  if (!heldBack)
    return <CoverImage thumbnail={thumbnail} large={large} alt={title} sizes={sizes} eager={eager} />;
  if (tapped) {
    const small = coverVariants(thumbnail, large)?.small ?? thumbnail ?? large;
    return <CoverImage thumbnail={small} alt={title} sizes={sizes} eager />;
  }
  return (
    <Box
      component="button"
      type="button"
      onClick={() => setTapped(true)}
      aria-label={`Load photo: ${title}`}
      title={DATA_SAVER_LABEL}
      data-testid="card-photo-on-tap"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: '100%',
        aspectRatio: '400 / 300',
        border: 0,
        p: 1,
        m: 0,
        bgcolor: '#e8ece9',
        color: 'text.secondary',
        font: 'inherit',
        fontSize: '0.85rem',
        cursor: 'pointer',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
      }}
    >
      {TAP_TO_LOAD_PHOTO}
    </Box>
  );
}
