import { cardTitle, formatKes, INSET_FOCUS_RING, theme, universityShortName } from '@campus/shared';
import { styled } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
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
  /** The seller's or provider's page ('/sellers/{id}'; docs/product.md §20.8): the byline links there. */
  bylineTo?: string;
  /** The owner's university, shown in short form after the byline (docs/product.md §20.3). */
  university?: string | null;
  /** A line under the byline, e.g. "Like new · Negotiable" (docs/product.md §20.4). */
  details?: string;
  /** Reserved while a meet-up is arranged: a badge on the cover (docs/product.md §20.5). */
  reserved?: boolean;
  /**
   * The heart (docs/product.md §20.1) in the card's corner: the favourites feature's `SaveButton`
   * with `placement="card-corner"`, given by the kind's card (common/ imports no feature).
   */
  save?: ReactNode;
  /** Shown after the byline, e.g. the verified-student badge (docs/product.md §19). */
  badge?: ReactNode;
  /** WhatsApp chat link and its accessible name. */
  chatHref: string;
  chatLabel: string;
  /** Above the fold: load the cover at once instead of lazily. */
  eager?: boolean;
  /** Heading level of the title: 'h2' on a list page, 'h3' under a host heading. */
  headingLevel?: 'h2' | 'h3';
}

const { palette, shape, typography } = theme;

/*
 * The card's parts are plain elements with static styles (docs/product.md §23, ADR 0017): a list page
 * hydrates 20 cards at once, and MUI's Card, CardActionArea (ButtonBase with its ripple and
 * focus state), Typography and Link run their style functions and component logic for each one.
 * Static object styles are serialized once, when the module loads. The look is theirs: an
 * outlined Paper, CardActionArea's hover and focus highlight (an overlay, not an extra element),
 * body1/body2 text.
 */
const CardRoot = styled('article')({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  position: 'relative',
  overflow: 'hidden',
  backgroundColor: palette.background.paper,
  color: palette.text.primary,
  border: `1px solid ${palette.divider}`,
  borderRadius: shape.borderRadius,
});

const CardLink = styled(RouterLink)({
  flexGrow: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  justifyContent: 'flex-start',
  position: 'relative',
  color: 'inherit',
  textDecoration: 'none',
  WebkitTapHighlightColor: 'transparent',
  '&::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    pointerEvents: 'none',
    backgroundColor: 'currentColor',
    opacity: 0,
    transition: 'opacity 250ms',
  },
  '&:hover::after': { opacity: palette.action.hoverOpacity },
  '&:focus-visible::after': { opacity: palette.action.focusOpacity },
  '@media (hover: none)': { '&:hover::after': { opacity: 0 } },
  // Inside the card, which clips: the ring is drawn inside (as the theme does for CardActionArea).
  '&:focus-visible': INSET_FOCUS_RING,
});

const body1 = { margin: 0, ...typography.body1 };
const body2 = { margin: 0, ...typography.body2 };

/** The title, an `h2` (or the `as` heading level) in body1 at 0.95rem, semi-bold. */
const CardTitle = styled('h2')({
  ...body1,
  padding: '8px 10px 0',
  fontSize: '0.95rem',
  fontWeight: 600,
  overflowWrap: 'anywhere',
});

const CardFacts = styled('div')({ padding: '0 10px 10px' });

const Price = styled('p')({ ...body1, fontWeight: 700, color: palette.primary.main });

/** One line of small text, cut with an ellipsis; `data-gap` adds 8 px below it (before the next line or the chat link). */
const FactLine = styled('p')({
  ...body2,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '&[data-gap]': { marginBottom: 8 },
});

const BylineLink = styled(RouterLink)({
  color: 'inherit',
  textDecoration: 'underline',
  textDecorationColor: 'color-mix(in srgb, currentColor 40%, transparent)',
  '&:hover': { textDecorationColor: 'inherit' },
});

const BadgeSlot = styled('div')({ marginBottom: 8, minHeight: 20 });

/**
 * A list card (docs/product.md §2 "Products list" / "Services list"): a link to the item page holding the
 * cover (srcset 200/400/800 px, lazy, placeholder if none) and the title cut to 18 characters,
 * then the price in Kes, the byline (linked to the owner's page) with the owner's campus in short
 * form, the details line (condition, negotiable) and the chat link (docs/product.md §7; through the API's
 * counted chat route, docs/product.md §20.6). A "Reserved" badge sits on the cover and the heart in
 * its corner (docs/product.md §20.1 and §20.5), beside the link, never inside it. With the data saver on
 * (docs/product.md §23.8) the cover is a "Tap to load photo" button above the link (a button cannot
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
    <CardRoot>
      {reserved ? (
        <ReservedBadge sx={{ position: 'absolute', top: 8, left: 8, zIndex: 1, pointerEvents: 'none' }} />
      ) : null}
      {save ?? null}
      {heldBack ? cover : null}
      <CardLink to={to} aria-label={title} title={title}>
        {heldBack ? null : cover}
        <CardTitle as={headingLevel}>{cardTitle(title)}</CardTitle>
      </CardLink>
      <CardFacts>
        <Price>{formatKes(price)}</Price>
        <FactLine data-gap={badge || details ? undefined : ''}>
          {bylineTo ? <BylineLink to={bylineTo}>{byline}</BylineLink> : byline}
          {campus ? ' · ' : null}
          {campus ? <span title={university ?? undefined}>{campus}</span> : null}
        </FactLine>
        {details ? <FactLine data-gap={badge ? undefined : ''}>{details}</FactLine> : null}
        {badge ? <BadgeSlot>{badge}</BadgeSlot> : null}
        <ChatLinkButton href={chatHref} label={chatLabel} fullWidth />
      </CardFacts>
    </CardRoot>
  );
}
