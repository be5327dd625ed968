/**
 * Field checks of the selling forms (docs/product.md §15): products, services, shops and events. Every
 * message names the field the way the dashboard labels it, so a form can show it under that
 * field (`errors: {field: message}` of the 400 answer). Limits: `LISTING_LIMITS` in
 * `@campus/shared/constants` (the dashboard's yup schemas use the same numbers).
 */
import { LISTING_LIMITS, WHATSAPP_PATTERN } from '@campus/shared/constants';
import { HttpError } from '../errors.ts';

export type FieldErrors = Record<string, string>;

/** Per-field messages collected while reading one form. */
export class FormChecker {
  readonly errors: FieldErrors = {};

  /** Records `message` for `field` unless it already has one. */
  fail(field: string, message: string): void {
    this.errors[field] ??= message;
  }

  /** True when no field failed. */
  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** @throws HttpError 400 with the first message and every field's message, when a field failed. */
  throwIfInvalid(): void {
    if (!this.ok) throw new HttpError(400, Object.values(this.errors)[0] ?? 'Invalid form', this.errors);
  }

  /**
   * A text field, trimmed. `undefined` input means "not sent": an error when `required`, else
   * undefined. An empty string counts as missing for required fields; for optional ones it
   * returns '' (the caller may store null).
   */
  text(
    field: string,
    label: string,
    value: unknown,
    { required, min = 0, max }: { required: boolean; min?: number; max: number },
  ): string | undefined {
    if (value === undefined || value === null) {
      if (required) this.fail(field, `${label} is required`);
      return undefined;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      this.fail(field, `${label} must be text`);
      return undefined;
    }
    const trimmed = String(value).trim();
    if (trimmed === '') {
      if (required) this.fail(field, `${label} is required`);
      return required ? undefined : '';
    }
    const length = Array.from(trimmed).length;
    if (length < min) this.fail(field, `${label} must be at least ${min} characters long`);
    else if (length > max) this.fail(field, `${label} must be at most ${max} characters long`);
    return trimmed;
  }

  /**
   * A price in KES: a number >= 0, at most 2 decimals, at most `LISTING_LIMITS.priceMax`.
   * Empty/absent: an error when `required`, else undefined (`null` for an optional price sent empty).
   */
  price(field: string, value: unknown, { required }: { required: boolean }): number | null | undefined {
    if (value === undefined || value === null) {
      if (required) this.fail(field, 'Price is required');
      return undefined;
    }
    const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
    if (raw === null) {
      this.fail(field, 'Price must be a number');
      return undefined;
    }
    if (raw === '') {
      if (required) this.fail(field, 'Price is required');
      return required ? undefined : null;
    }
    if (!/^-?\d+(\.\d+)?$/.test(raw)) {
      this.fail(field, 'Price must be a number');
      return undefined;
    }
    const amount = Number(raw);
    if (amount < 0) this.fail(field, 'Price must not be negative');
    else if (!/^\d+(\.\d{1,2})?$/.test(raw)) this.fail(field, 'Price can have at most 2 decimals');
    else if (amount > LISTING_LIMITS.priceMax) {
      this.fail(field, `Price must be at most ${LISTING_LIMITS.priceMax.toLocaleString('en-KE')} KES`);
    }
    return amount;
  }

  /** One of `allowed` (exact match after trimming). */
  choice<T extends string>(
    field: string,
    label: string,
    value: unknown,
    allowed: readonly T[],
    { required }: { required: boolean },
  ): T | undefined {
    const picked = this.text(field, label, value, { required, max: 200 });
    if (picked === undefined) return undefined;
    if (picked === '') {
      this.fail(field, `${label} is required`);
      return undefined;
    }
    if (!(allowed as readonly string[]).includes(picked)) {
      this.fail(field, `Please choose a ${label.toLowerCase()} from the list`);
      return undefined;
    }
    return picked as T;
  }

  /** A WhatsApp number, 254 followed by 9 digits (docs/product.md §5); '' or absent gives ''/undefined. */
  whatsApp(field: string, label: string, value: unknown): string | undefined {
    const number = this.text(field, label, value, { required: false, max: 20 });
    if (number && !WHATSAPP_PATTERN.test(number)) {
      this.fail(field, 'Please enter a valid WhatsApp number (e.g., 254 followed by 9 digits)');
    }
    return number;
  }

  /**
   * A date and time with an explicit offset (ISO 8601, e.g. `2026-05-01T15:00:00Z` or
   * `...+03:00`; the dashboard converts its local input). Empty/absent: error when `required`.
   */
  dateTime(
    field: string,
    label: string,
    value: unknown,
    { required }: { required: boolean },
  ): Date | null | undefined {
    const raw = this.text(field, label, value, { required, max: 40 });
    if (raw === undefined) return undefined;
    if (raw === '') return null;
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/i;
    const time = iso.test(raw) ? Date.parse(raw) : Number.NaN;
    if (Number.isNaN(time)) {
      this.fail(field, `${label} must be a valid date and time`);
      return undefined;
    }
    return new Date(time);
  }

  /**
   * A yes/no field sent as 'true'/'false' (multipart) or a boolean (JSON): the boolean, or
   * undefined when absent or empty; anything else fails with '<label> must be true or false'.
   */
  boolean(field: string, label: string, value: unknown): boolean | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
    if (text === '') return undefined;
    if (text === 'true') return true;
    if (text === 'false') return false;
    this.fail(field, `${label} must be true or false`);
    return undefined;
  }

  /** A yes/no flag sent as 'true'/'false' (multipart) or a boolean (JSON); absent gives false. */
  flag(value: unknown): boolean {
    return value === true || value === 'true' || value === '1' || value === 'on';
  }
}

/** The messages of the limits, for the docs (OpenAPI descriptions). */
export const LIMITS_DESCRIPTION =
  `title/name ${LISTING_LIMITS.titleMin}-${LISTING_LIMITS.titleMax} characters, description ` +
  `${LISTING_LIMITS.descriptionMin}-${LISTING_LIMITS.descriptionMax}, price in KES >= 0 with at most 2 decimals ` +
  `and at most ${LISTING_LIMITS.priceMax}`;
