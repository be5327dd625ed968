/**
 * Display formatters (docs/product.md §9 "Price display", "Card title or name shows 18 characters").
 */
import { CARD_TITLE_LENGTH } from './constants';

/**
 * Formats a finite number as en-KE does (`Intl.NumberFormat('en-KE', { minimumFractionDigits: d,
 * maximumFractionDigits: d })`): comma thousands separators, a point, exactly `fractionDigits`
 * decimals, rounding half away from zero on the number's shortest decimal form (as ICU does:
 * 2606536.15 → '2,606,536.2' with 1 decimal, where `toFixed` would say .1); e.g.
 * (1234567.5, 2) → '1,234,567.50'.
 *
 * Why not Intl: the first `Intl.NumberFormat` of a page loads ICU's locale data, one main-thread
 * task of 20-30 ms on this machine (about 100 ms on a phone) while the first view hydrates
 * (docs/product.md §23). A jest test compares the two over thousands of values.
 * @param fractionDigits 0-20 (numbers in exponent form, ≥ 1e21 or < 1e-6, are formatted by Intl)
 */
export function formatNumber(value: number, fractionDigits = 0): string {
  // Like Intl's signDisplay "auto": a minus for every negative value, -0 and amounts that round
  // to zero included.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const shortest = String(Math.abs(value));
  // Exponent forms (≥ 1e21 or < 1e-6: never a price) are left to Intl itself.
  if (shortest.includes('e')) {
    return new Intl.NumberFormat('en-KE', {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(value);
  }
  const [whole, fraction = ''] = shortest.split('.') as [string, string?];
  let digits = whole + fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0');
  if ((fraction[fractionDigits] ?? '0') >= '5') digits = incrementDigits(digits);
  const intPart = digits.slice(0, digits.length - fractionDigits); // `whole` has a digit at least
  const grouped = intPart.replace(/\B(?=(\d{3})+$)/g, ',');
  return fractionDigits > 0 ? `${sign}${grouped}.${digits.slice(-fractionDigits)}` : sign + grouped;
}

/** Adds one to a string of decimal digits ('0999' → '1000', '99' → '100'). */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * Formats a KES amount as 'Kes' + an en-KE number with 2 decimals, e.g. 1800 → 'Kes 1,800.00'
 * (docs/product.md §9). Non-finite or missing input shows 'Kes 0.00'.
 */
export function formatKes(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return `Kes ${formatNumber(Number.isFinite(value) ? (value as number) : 0, 2)}`;
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
 * A card's title or name: its first 18 characters (docs/product.md §2, §9), followed by '…' when it was
 * longer, so a reader sees it is cut (docs/product.md §21.14); the 18 characters are unchanged.
 */
export function cardTitle(text: string | null | undefined): string {
  const cut = truncate(text, CARD_TITLE_LENGTH);
  return cut === (text ?? '') ? cut : `${cut}…`;
}

/** Seller label on a product card: shop name, else seller firstName, else 'Unknown' (docs/product.md §2, §8). */
export function sellerLabel(product: {
  shop?: { name?: string | null } | null;
  seller?: { firstName?: string | null } | null;
}): string {
  return product.shop?.name || product.seller?.firstName || 'Unknown';
}

/**
 * A Kenyan phone number for reading (docs/product.md §21.13): '254700000005' → '+254 700 000 005'
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
 * would write 'Nov 23, 2026'), and server-rendered text must equal the browser's (docs/product.md §23).
 */
export function formatShortDate(iso: string | null | undefined): string | null {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return null;
  const date = new Date(time + EAT_OFFSET_MS);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The EAT (UTC+3) wall clock of an ISO string as a Date read with getUTC*, or null when invalid. */
function eatClock(iso: string | null | undefined): Date | null {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time + EAT_OFFSET_MS);
}

/** 'HH:MM' (24-hour) of an EAT clock. */
const clockTime = (date: Date) =>
  `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;

/**
 * When an event happens, in Africa/Nairobi time (UTC+3, no daylight saving; docs/product.md §20.9):
 * 'Sat 28 Nov 2026, 18:00', with the end as '–20:30' on the same day or
 * ' – Sun 29 Nov 2026, 02:00' on another; null for a missing or invalid start. Built by hand like
 * {@link formatShortDate}, so server and browser write the same text.
 */
export function formatEventTime(startsAt: string | null | undefined, endsAt?: string | null): string | null {
  const start = eatClock(startsAt);
  if (!start) return null;
  const day = (date: Date) =>
    `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  const text = `${day(start)}, ${clockTime(start)}`;
  const end = eatClock(endsAt);
  if (!end || end.getTime() <= start.getTime()) return text;
  return day(end) === day(start) ? `${text}–${clockTime(end)}` : `${text} – ${day(end)}, ${clockTime(end)}`;
}

/** A month and year in Kenyan time, e.g. 'Nov 2026' (a seller's "Member since"), or null. */
export function formatMonthYear(iso: string | null | undefined): string | null {
  const date = eatClock(iso);
  return date ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}` : null;
}
