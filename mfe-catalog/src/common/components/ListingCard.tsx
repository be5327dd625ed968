import { cardTitle, formatKes } from '@campus/shared';
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { CARD_IMAGE_SIZES } from './CardGrid';
import { ChatLinkButton } from './ChatLinkButton';
import { CoverImage } from './CoverImage';

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
 * cover (thumbnail srcset, lazy, placeholder if none) and the title cut to 18 characters, then
 * the price in Kes, the byline and the WhatsApp chat link (spec 7).
 */
export function ListingCard({
  to,
  title,
  price,
  coverThumbnail,
  coverImage,
  byline,
  chatHref,
  chatLabel,
  eager = false,
  headingLevel = 'h2',
}: ListingCardProps) {
  return (
    <Card
      component="article"
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', width: '100%' }}
    >
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
        <CoverImage
          thumbnail={coverThumbnail}
          large={coverImage}
          alt={title}
          sizes={CARD_IMAGE_SIZES}
          eager={eager}
        />
        <Typography
          component={headingLevel}
          sx={{ px: 1.25, pt: 1, fontSize: '0.95rem', fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {cardTitle(title)}
        </Typography>
      </CardActionArea>
      <Box sx={{ px: 1.25, pb: 1.25 }}>
        <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>{formatKes(price)}</Typography>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ mb: 1 }}>
          {byline}
        </Typography>
        <ChatLinkButton href={chatHref} label={chatLabel} fullWidth />
      </Box>
    </Card>
  );
}
