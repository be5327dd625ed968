/**
 * Countdown arithmetic of the Coming Soon page (docs/product.md §2 "Coming Soon"; ARCHITECTURE: target from
 * config, default 2024-11-30T23:59:59+03:00, "when past, the page says the launch has happened").
 */
import { DEFAULT_LAUNCH_DATE } from '@campus/shared';

/** Time left, split for display. All parts are whole numbers ≥ 0. */
export interface CountdownParts {
  days: number;
  /** 0..23 */
  hours: number;
  /** 0..59 */
  minutes: number;
  /** 0..59 */
  seconds: number;
  /** Whole milliseconds left (0 once past). */
  totalMs: number;
  /** True when `now` is at or after `target`. */
  isPast: boolean;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Splits the time from `now` to `target` into days, hours, minutes and seconds (rounded down to
 * the second, so the display reaches 0 exactly at the target). At or after the target every part
 * is 0 and `isPast` is true. An invalid date counts as past.
 */
export function countdownParts(target: Date, now: Date): CountdownParts {
  const left = target.getTime() - now.getTime();
  if (!Number.isFinite(left) || left <= 0) {
    return { days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0, isPast: true };
  }
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
    totalMs: left,
    isPast: false,
  };
}

/**
 * The configured launch date: `value` (an ISO 8601 string or a Date) when it is a valid date,
 * else DEFAULT_LAUNCH_DATE (end of November 2024, East Africa Time).
 */
export function resolveLaunchDate(value?: string | Date | null): Date {
  if (value) {
    const date = value instanceof Date ? value : new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return new Date(DEFAULT_LAUNCH_DATE);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** East Africa Time is UTC+3 all year (ms). */
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * The launch moment as Kenyan readers expect it, e.g. 'Saturday, 30 November 2024 at 23:59'
 * (Nairobi time). Written by hand, not with Intl: Chromium has no en-KE locale and would write
 * it the American way, and the server-rendered text must equal the browser's (docs/product.md §23).
 */
export function formatLaunchDate(date: Date): string {
  const eat = new Date(date.getTime() + EAT_OFFSET_MS);
  const time = `${String(eat.getUTCHours()).padStart(2, '0')}:${String(eat.getUTCMinutes()).padStart(2, '0')}`;
  return `${WEEKDAYS[eat.getUTCDay()]}, ${eat.getUTCDate()} ${MONTHS[eat.getUTCMonth()]} ${eat.getUTCFullYear()} at ${time}`;
}
