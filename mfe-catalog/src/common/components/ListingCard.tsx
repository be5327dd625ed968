import { cardTitle, formatKes } from '@campus/shared';
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CardCover, useCoverHeldBack } from './CardCover';
import { CARD_IMAGE_SIZES } from './CardGrid';
import { ChatLinkButton } from './ChatLinkButton';

/** What a list card shows; ProductCard and ServiceCard map their entity to it. */
export interface ListingCardProps {
  /** Item page, e.g. '/products/{id}'. */
  to: string;
  /** Full title or name: the link's accessible name, tooltip and image alt; shown cut to 18 characters. */
  title: string;
  /** Price in KES. */
  price: number;
  coverThumbnail?: string | null;
  coverImage?: string | null;
  /** Seller or provider label under the price. */
  byline: string;
  /** Shown after the byline, e.g. the verified-student badge (issue 12). */
  badge?: ReactNode;
  /** WhatsApp chat link and its accessible name. */
  chatHref: string;
  chatLabel: string;
  /** Above the fold: load the cover at once instead of lazily. */
  eager?: boolean;
  /** Heading level of the title: 'h2' on a list page, 'h3' under a host heading. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * A list card (spec 2 "Products list" / "Services list"): a link to the item page holding the
 * cover (srcset 200/400/800 px, lazy, placeholder if none) and the title cut to 18 characters,
 * then the price in Kes, the byline and the WhatsApp chat link (spec 7). With the data saver on
 * (issue 16 item 8) the cover is a "Tap to load photo" button above the link (a button cannot
 * sit inside a link), and the link holds the title only.
 */
export function ListingCard({
  to,
  title,
  price,
  coverThumbnail,
  coverImage,
  byline,
  badge,
  chatHref,
  chatLabel,
  eager = false,
  headingLevel = 'h2',
}: ListingCardProps) {
  const heldBack = useCoverHeldBack(coverThumbnail, coverImage);
  const cover = (
    <CardCover
      thumbnail={coverThumbnail}
      large={coverImage}
      title={title}
      sizes={CARD_IMAGE_SIZES}
      eager={eager}
    />
  );
  return (
    <Card
      component="article"
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', width: '100%' }}
    >
      {heldBack ? cover : null}
      <CardActionArea
        component={RouterLink}
        to={to}
        aria-label={title}
        title={title}
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        {heldBack ? null : cover}
        <Typography
          component={headingLevel}
          sx={{ px: 1.25, pt: 1, fontSize: '0.95rem', fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {cardTitle(title)}
        </Typography>
      </CardActionArea>
      <Box sx={{ px: 1.25, pb: 1.25 }}>
        <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>{formatKes(price)}</Typography>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ mb: badge ? 0 : 1 }}>
          {byline}
        </Typography>
        {badge ? <Box sx={{ mb: 1, minHeight: 20 }}>{badge}</Box> : null}
        <ChatLinkButton href={chatHref} label={chatLabel} fullWidth />
      </Box>
    </Card>
  );
}
