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

/**
 * A card's title or name: its first 18 characters (spec 2, spec 9), followed by '…' when it was
 * longer, so a reader sees it is cut (issue 14 item 14); the 18 characters are unchanged.
 */
export function cardTitle(text: string | null | undefined): string {
  const cut = truncate(text, CARD_TITLE_LENGTH);
  return cut === (text ?? '') ? cut : `${cut}…`;
}

/** Seller label on a product card: shop name, else seller firstName, else 'Unknown' (spec 2, spec 8). */
export function sellerLabel(product: {
  shop?: { name?: string | null } | null;
  seller?: { firstName?: string | null } | null;
}): string {
  return product.shop?.name || product.seller?.firstName || 'Unknown';
}

/**
 * A Kenyan phone number for reading (issue 14 item 13): '254700000005' → '+254 700 000 005'
 * (country code, then 3-3-3). Links keep the digits (`tel:+254700000005`, wa.me). Any other shape
 * is returned trimmed as it came.
 */
export function formatPhone(number: string | null | undefined): string {
  const digits = (number ?? '').replace(/\D/g, '');
  const match = /^254(\d{3})(\d{3})(\d{3})$/.exec(digits);
  return match ? `+254 ${match[1]} ${match[2]} ${match[3]}` : (number ?? '').trim();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** East Africa Time, UTC+3 all year (Kenya has no daylight saving), in ms. */
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * A date as '23 Nov 2026' in Kenyan time (UTC+3), or null for a missing or invalid ISO string.
 * Built by hand, not with Intl: browsers ship fewer locales than Node (Chromium has no en-KE and
 * would write 'Nov 23, 2026'), and server-rendered text must equal the browser's (issue 16).
 */
export function formatShortDate(iso: string | null | undefined): string | null {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return null;
  const date = new Date(time + EAT_OFFSET_MS);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
