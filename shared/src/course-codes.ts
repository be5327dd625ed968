/**
 * Course codes of textbooks (docs/product.md §31): 2 to 4 letters then 3 or 4 digits, written
 * with or without a space or hyphen and in any case (`SCH 2101`, `sch2101`, `SCH-2101`), always
 * stored and shown as upper-case letters followed by the digits (`SCH2101`). Only products of the
 * textbooks category carry them, at most `MAX_COURSE_CODES`. Shared by the API's checks, the
 * list filter and the dashboard's form, so both sides agree on every spelling.
 */
import { VALIDATION_MESSAGES } from './validation-messages';

/** The one category whose products take course codes (docs/product.md §31). */
export const COURSE_CODE_CATEGORY = 'Textbooks and Study Materials';
/** Most course codes one product carries. */
export const MAX_COURSE_CODES = 5;
/** Longest text accepted as one code before normalising (`SCHX - 2101` with spaces). */
export const MAX_COURSE_CODE_INPUT = 20;

/** A code as typed: letters, an optional space or hyphen, digits. */
const TYPED_CODE = /^\s*([A-Za-z]{2,4})\s*[-\s]?\s*(\d{3,4})\s*$/;

/**
 * The stored form of a typed course code, or null when it is not one.
 * @example normaliseCourseCode('sch-2101') === 'SCH2101'; normaliseCourseCode('S 21') === null
 */
export function normaliseCourseCode(typed: string): string | null {
  if (typed.length > MAX_COURSE_CODE_INPUT) return null;
  const match = TYPED_CODE.exec(typed);
  return match ? `${(match[1] as string).toUpperCase()}${match[2]}` : null;
}

/** A stored code as people write it: `SCH2101` → `SCH 2101`. */
export function formatCourseCode(code: string): string {
  return code.replace(/^([A-Z]+)(\d+)$/, '$1 $2');
}

/** What `parseCourseCodes` found: the distinct normalised codes, or the first problem's message. */
export type ParsedCourseCodes = { codes: string[]; error?: undefined } | { codes?: undefined; error: string };

/**
 * Reads the course codes of a form: one text with codes separated by commas, semicolons or new
 * lines (`SCH 2101, SMA 2230`), or a list of such texts. Duplicates (after normalising) count once.
 * @returns the codes in the order typed, or `error`: `VALIDATION_MESSAGES.courseCodeInvalid(code)`
 *   for the first code that is not one, `courseCodesTooMany` above `MAX_COURSE_CODES`
 */
export function parseCourseCodes(input: string | readonly string[]): ParsedCourseCodes {
  const parts = (typeof input === 'string' ? [input] : input)
    .flatMap((text) => text.split(/[,;\n]/))
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const codes: string[] = [];
  for (const part of parts) {
    const code = normaliseCourseCode(part);
    if (!code) return { error: VALIDATION_MESSAGES.courseCodeInvalid(part) };
    if (!codes.includes(code)) codes.push(code);
  }
  if (codes.length > MAX_COURSE_CODES) return { error: VALIDATION_MESSAGES.courseCodesTooMany };
  return { codes };
}
