import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { CoverImage } from './CoverImage';

interface PhotoGalleryProps {
  /** Title of the item: the images' alt text. */
  title: string;
  coverThumbnail?: string | null;
  coverImage?: string | null;
  /** URL paths of the extra pictures (large files). */
  photos?: string[];
}

/**
 * Picture viewer of a detail page: the cover (srcset 400w/1200w, eager: it is the page's main
 * image) then the extra photos, one at a time with 'Previous photo' / 'Next photo', so only the
 * picture looked at is downloaded. Placeholder when there is no picture at all.
 */
export function PhotoGallery({ title, coverThumbnail, coverImage, photos = [] }: PhotoGalleryProps) {
  const pictures: { thumbnail?: string | null; large?: string | null }[] = [];
  if (coverImage || coverThumbnail) pictures.push({ thumbnail: coverThumbnail, large: coverImage });
  for (const photo of photos) if (photo) pictures.push({ large: photo });
  const [index, setIndex] = useState(0);
  const current = pictures[Math.min(index, Math.max(0, pictures.length - 1))];
  const count = pictures.length;

  return (
    <Box>
      <CoverImage
        key={index}
        thumbnail={current?.thumbnail}
        large={current?.large}
        alt={count > 1 ? `${title} (photo ${index + 1} of ${count})` : title}
        sizes="(min-width: 768px) 55vw, 100vw"
        width={1200}
        height={900}
        eager
        style={{ borderRadius: 10, objectFit: 'contain' }}
      />
      {count > 1 ? (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, mt: 1 }}>
          <Button size="small" onClick={() => setIndex((index - 1 + count) % count)}>
            Previous photo
          </Button>
          <Typography variant="body2" aria-live="polite">
            {index + 1} / {count}
          </Typography>
          <Button size="small" onClick={() => setIndex((index + 1) % count)}>
            Next photo
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
