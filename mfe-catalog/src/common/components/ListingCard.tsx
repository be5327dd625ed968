import { cardTitle, formatKes, universityShortName } from '@campus/shared';
import { Box, Card, CardActionArea, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { FavouriteKind } from '../../favourites/favourites-api';
import { SaveButton } from '../../favourites/SaveButton';
import { CardCover, useCoverHeldBack } from './CardCover';
import { CARD_IMAGE_SIZES } from './CardGrid';
import { ChatLinkButton } from './ChatLinkButton';
import { ReservedBadge } from './ReservedBadge';

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
  /** The seller's or provider's page ('/sellers/{id}'; issue 13 item 8): the byline links there. */
  bylineTo?: string;
  /** The owner's university, shown in short form after the byline (issue 13 item 3). */
  university?: string | null;
  /** A line under the byline, e.g. "Like new · Negotiable" (issue 13 item 4). */
  details?: string;
  /** Reserved while a meet-up is arranged: a badge on the cover (issue 13 item 5). */
  reserved?: boolean;
  /** The heart (issue 13 item 1): what the card is, for saving. */
  save?: { kind: FavouriteKind; id: string };
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
 * then the price in Kes, the byline (linked to the owner's page) with the owner's campus in short
 * form, the details line (condition, negotiable) and the chat link (spec 7; through the API's
 * counted chat route, issue 13 item 6). A "Reserved" badge sits on the cover and the heart in
 * its corner (issue 13 items 1 and 5), beside the link, never inside it. With the data saver on
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
  bylineTo,
  university,
  details,
  reserved = false,
  save,
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
  const campus = universityShortName(university);
  return (
    <Card
      component="article"
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', width: '100%', position: 'relative' }}
    >
      {reserved ? (
        <ReservedBadge sx={{ position: 'absolute', top: 8, left: 8, zIndex: 1, pointerEvents: 'none' }} />
      ) : null}
      {save ? (
        <SaveButton
          kind={save.kind}
          id={save.id}
          title={title}
          sx={{ position: 'absolute', top: 4, right: 4, zIndex: 1, boxShadow: 1 }}
        />
      ) : null}
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
        <Typography variant="body2" color="text.secondary" noWrap sx={{ mb: badge || details ? 0 : 1 }}>
          {bylineTo ? (
            <Link component={RouterLink} to={bylineTo} color="inherit">
              {byline}
            </Link>
          ) : (
            byline
          )}
          {campus ? ' · ' : null}
          {campus ? (
            <Box component="span" title={university ?? undefined}>
              {campus}
            </Box>
          ) : null}
        </Typography>
        {details ? (
          <Typography variant="body2" color="text.secondary" noWrap sx={{ mb: badge ? 0 : 1 }}>
            {details}
          </Typography>
        ) : null}
        {badge ? <Box sx={{ mb: 1, minHeight: 20 }}>{badge}</Box> : null}
        <ChatLinkButton href={chatHref} label={chatLabel} fullWidth />
      </Box>
    </Card>
  );
}
