/**
 * Display formatters (spec 9 "Price display", "Card title or name shows 18 characters").
 */
import { CARD_TITLE_LENGTH } from './constants';

const kesNumber = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Formats a KES amount as 'Kes' + an en-KE number with 2 decimals, e.g. 1800 → 'Kes 1,800.00'
 * (spec 9). Non-finite or missing input shows 'Kes 0.00'.
 */
export function formatKes(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return `Kes ${kesNumber.format(Number.isFinite(value) ? (value as number) : 0)}`;
}

/**
 * Cuts `text` to its first `max` characters (by code point, so an emoji is never split).
 * With `ellipsis`, appends '...' when the text was longer. Null/undefined give ''.
 */
export function truncate(text: string | null | undefined, max: number, ellipsis = false): string {
  if (!text) return '';
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max).join('') + (ellipsis ? '...' : '');
}

/** A card's title or name: its first 18 characters, no ellipsis (spec 2, spec 9). */
export function cardTitle(text: string | null | undefined): string {
  return truncate(text, CARD_TITLE_LENGTH);
}

/** Seller label on a product card: shop name, else seller firstName, else 'Unknown' (spec 2, spec 8). */
export function sellerLabel(product: {
  shop?: { name?: string | null } | null;
  seller?: { firstName?: string | null } | null;
}): string {
  return product.shop?.name || product.seller?.firstName || 'Unknown';
}
