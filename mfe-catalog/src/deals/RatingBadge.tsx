import type { RatingJson } from '@campus/shared/contract';
import { styled } from '@mui/material';
import type { ReactNode } from 'react';

/*
 * Static styles (docs/product.md §23, ADR 0017): a list page shows one on each of its 20 cards.
 */
const Badge = styled('span')({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 2,
  marginLeft: 6,
  fontSize: '0.8rem',
  fontWeight: 600,
  color: '#8a5a00',
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
});

/** "12 deals" / "1 deal". */
const deals = (count: number) => `${count} deal${count === 1 ? '' : 's'}`;

/**
 * The words of a rating (docs/product.md §28, ADR 0033): "★ 4.8 · 12 deals" from 3 rated deals on,
 * "2 deals" below (no stars yet), and its accessible name. Null without any rated deal.
 */
export function ratingText(rating: RatingJson | null | undefined): { text: string; label: string } | null {
  if (!rating || rating.count === 0) return null;
  if (rating.average === null) {
    return { text: deals(rating.count), label: `${deals(rating.count)} rated, too few for stars yet` };
  }
  const average = rating.average.toFixed(1);
  return {
    text: `★ ${average} · ${deals(rating.count)}`,
    label: `Rated ${average} out of 5 from ${deals(rating.count)}`,
  };
}

/**
 * A seller's rating in one compact line for cards, item pages and the seller page
 * (docs/product.md §28): nothing before the first rated deal.
 */
export function RatingBadge({ rating }: { rating: RatingJson | null | undefined }) {
  const words = ratingText(rating);
  if (!words) return null;
  return (
    <Badge role="img" aria-label={words.label} title={words.label}>
      <span aria-hidden>{words.text}</span>
    </Badge>
  );
}

/**
 * `badge` followed by the rating's badge, or `badge` alone (possibly null) when there is no rated
 * deal: a card keeps its spacing rules for an empty badge slot.
 */
export function withRating(badge: ReactNode, rating: RatingJson | null | undefined): ReactNode {
  if (!ratingText(rating)) return badge;
  return (
    <>
      {badge}
      <RatingBadge rating={rating} />
    </>
  );
}
