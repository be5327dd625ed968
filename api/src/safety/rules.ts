/**
 * The scam-signal rules as pure functions (docs/product.md §29, ADR 0034): thresholds, the phrase
 * matcher, the median, the time-bound rules' expiry, and the buyer's messages. The service
 * (`service.ts`) feeds them rows; nothing here reads the database or the clock.
 */
import type { SafetySignalKind } from '../db/schema.ts';

/** The thresholds of the rules (docs/product.md §29). */
export const SIGNAL_RULES = {
  /** A price below this share of the comparables' median is an outlier. */
  outlierRatio: 0.4,
  /** Fewest comparable listings for a median (campus first, else national). */
  minComparables: 5,
  /** Most comparables read (the most similar titles). */
  maxComparables: 200,
  /** pg_trgm `similarity` of two lower-cased titles for them to be comparable. */
  titleSimilarity: 0.3,
  /**
   * Largest Hamming distance (bits of 64) between two dHashes of one photo (ADR 0034): copies
   * (re-encoded, resized, cropped by 2 % a side) measured 3-13, different photos of the same kind
   * of scene 19 and more.
   */
  maxPhotoDistance: 12,
  /**
   * A picture is compared only when its dHash has between this many and 64 minus this many bits
   * set: a flat or plain-gradient picture (a blank upload, a plain background) hashes to almost all
   * zeros or ones and matches every other flat picture, which is no evidence of copying.
   */
  minHashBits: 8,
  /** An account younger than this (ms) ... */
  newAccountMs: 48 * 3_600_000,
  /** ... selling above this price (KES) raises `new_account_high_price`. */
  highPriceKes: 10_000,
  /** Distinct reporters within `reportWindowMs` that raise `reported_seller`. */
  minReporters: 2,
  /** The report rule's window (ms): 30 days. */
  reportWindowMs: 30 * 24 * 3_600_000,
} as const;

/** A signal as the service stores it: the buyer's message, the desk's evidence, when it stops holding. */
export interface SignalFinding {
  kind: SafetySignalKind;
  message: string;
  evidence: Record<string, unknown>;
  /** Null: holds until the listing (or its seller's reports) change. */
  expiresAt: Date | null;
}

/** 'KES 12,500' (whole shillings). */
export function kes(amount: number): string {
  return `KES ${Math.round(amount).toLocaleString('en-KE')}`;
}

/**
 * Text for phrase matching: lower case, every run of characters that are not letters or digits
 * made one space, padded with a space at each end (so a phrase matches whole words only).
 */
export function normalizeText(text: string): string {
  return ` ${text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/**
 * The phrases of `phrases` that `description` contains, case-, spacing- and
 * punctuation-insensitively, on word boundaries; a phrase also matches written without its
 * spaces ('lipakwanza'). In the order of `phrases`.
 */
export function matchPhrases(description: string, phrases: readonly string[]): string[] {
  const text = normalizeText(description);
  const found: string[] = [];
  for (const phrase of phrases) {
    const words = normalizeText(phrase).trim();
    if (!words) continue;
    if (text.includes(` ${words} `) || text.includes(` ${words.replaceAll(' ', '')} `)) found.push(phrase);
  }
  return found;
}

/** The median of `values` (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A comparable listing (evidence of `price_outlier`). */
export interface Comparable {
  id: string;
  title: string;
  /** KES */
  price: number;
  university: string;
}

/**
 * `price_outlier`: `price` (KES) below 40 % of the median of the comparables, campus first
 * (`campus`, the seller's university's comparables) when there are at least 5, else national
 * (`national`, which includes the campus ones) when there are at least 5; null otherwise.
 */
export function priceOutlier(
  price: number,
  campus: readonly Comparable[],
  national: readonly Comparable[],
  university: string,
): SignalFinding | null {
  const scope =
    campus.length >= SIGNAL_RULES.minComparables
      ? { name: 'campus' as const, rows: campus }
      : national.length >= SIGNAL_RULES.minComparables
        ? { name: 'national' as const, rows: national }
        : null;
  if (!scope) return null;
  const middle = median(scope.rows.map((row) => row.price));
  if (!(price < SIGNAL_RULES.outlierRatio * middle)) return null;
  const where = scope.name === 'campus' ? `at ${university}` : 'across Kenya';
  return {
    kind: 'price_outlier',
    message: `The price (${kes(price)}) is less than 40% of the usual price of similar listings ${where} (median ${kes(middle)} across ${scope.rows.length} listings). A price far too good is a common scam: see the item before you pay.`,
    evidence: { price, median: middle, scope: scope.name, comparables: scope.rows.slice(0, 20) },
    expiresAt: null,
  };
}

/** A near-duplicate of another seller's photo (evidence of `reused_photo`). */
export interface PhotoMatch {
  /** This listing's picture (URL path). */
  photo: string;
  /** The other seller's picture. */
  matchedPhoto: string;
  matchedListingType: 'products' | 'services';
  matchedListingId: string;
  matchedTitle: string;
  /** Hamming distance of the two dHashes (bits). */
  distance: number;
}

/** `reused_photo` from the matches found (null for none). */
export function reusedPhoto(matches: readonly PhotoMatch[]): SignalFinding | null {
  if (matches.length === 0) return null;
  return {
    kind: 'reused_photo',
    message:
      'A photo of this listing is the same as a photo on another seller’s listing. Scammers copy photos of items they do not have: ask the seller for a new photo of the item before you meet.',
    evidence: { matches: matches.slice(0, 10) },
    expiresAt: null,
  };
}

/** `advance_payment` from the phrases found in the description (null for none). */
export function advancePayment(found: readonly string[]): SignalFinding | null {
  if (found.length === 0) return null;
  return {
    kind: 'advance_payment',
    message: `The description asks for money before you meet (“${found[0]}”). Never pay a deposit, booking fee or transport before you have seen the item.`,
    evidence: { phrases: found },
    expiresAt: null,
  };
}

/**
 * `new_account_high_price`: the account is younger than 48 hours at `now` and the price is above
 * KES 10 000; it holds until the account is 48 hours old (`expiresAt`). Null otherwise.
 */
export function newAccountHighPrice(price: number, accountCreatedAt: Date, now: Date): SignalFinding | null {
  const expiresAt = new Date(accountCreatedAt.getTime() + SIGNAL_RULES.newAccountMs);
  if (!(price > SIGNAL_RULES.highPriceKes) || !(now < expiresAt)) return null;
  return {
    kind: 'new_account_high_price',
    message: `The seller’s account is less than 48 hours old and the price is above ${kes(SIGNAL_RULES.highPriceKes)}. Meet in a public place on campus and check the item before paying.`,
    evidence: { price, accountCreatedAt: accountCreatedAt.toISOString() },
    expiresAt,
  };
}

/** One student's latest report of a seller (or of one of their listings or shop). */
export interface Reporter {
  reporterId: string;
  lastReportedAt: Date;
}

/**
 * `reported_seller`: at least 2 different students reported the seller within the 30 days
 * before `now`; it holds until the second most recent reporter's report is 30 days old.
 * @param reporters each reporter's latest report of the seller (any order)
 */
export function reportedSeller(reporters: readonly Reporter[], now: Date): SignalFinding | null {
  const since = now.getTime() - SIGNAL_RULES.reportWindowMs;
  const recent = reporters
    .filter((r) => r.lastReportedAt.getTime() > since && r.lastReportedAt.getTime() <= now.getTime())
    .sort((a, b) => b.lastReportedAt.getTime() - a.lastReportedAt.getTime());
  if (recent.length < SIGNAL_RULES.minReporters) return null;
  const holdsUntil =
    recent[SIGNAL_RULES.minReporters - 1]!.lastReportedAt.getTime() + SIGNAL_RULES.reportWindowMs;
  return {
    kind: 'reported_seller',
    message: `This seller was reported by ${recent.length} different students in the last 30 days. Be extra careful and never pay before you meet.`,
    evidence: { reporters: recent.length, reports: recent.map((r) => r.lastReportedAt.toISOString()) },
    expiresAt: new Date(holdsUntil),
  };
}

/** A stored signal as a detail read carries it (`expiresAt` ISO, or null). */
export interface StoredSignal {
  kind: SafetySignalKind;
  message: string;
  expiresAt: string | null;
}

/** Order of signals on the page (the contract's `SAFETY_SIGNAL_KINDS`). */
const ORDER: readonly SafetySignalKind[] = [
  'reused_photo',
  'price_outlier',
  'advance_payment',
  'new_account_high_price',
  'reported_seller',
];

/**
 * The stored signals that hold at `now` (`expiresAt` null or after `now`), as item answers carry
 * them: `{kind, message}`, in `SAFETY_SIGNAL_KINDS` order.
 */
export function currentSignals(
  stored: readonly StoredSignal[] | null | undefined,
  now: Date,
): { kind: SafetySignalKind; message: string }[] {
  return (stored ?? [])
    .filter((signal) => signal.expiresAt === null || new Date(signal.expiresAt).getTime() > now.getTime())
    .sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind))
    .map(({ kind, message }) => ({ kind, message }));
}
