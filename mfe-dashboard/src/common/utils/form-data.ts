/**
 * Builds the multipart bodies of the selling forms (docs/product.md §7 POST /services: name, description,
 * price, category, coverImage, photos repeated). Text values are trimmed; `undefined`/`null` are
 * left out; a File array repeats its field name.
 */
export type FormDataValue = string | number | boolean | File | File[] | null | undefined;

/** `values` as FormData, in key order. */
export function toFormData(values: Record<string, FormDataValue>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const file of value) form.append(name, file, file.name);
    else if (typeof File !== 'undefined' && value instanceof File) form.append(name, value, value.name);
    else form.append(name, typeof value === 'string' ? value.trim() : String(value));
  }
  return form;
}

/**
 * `datetime-local` input value (local wall time, 'YYYY-MM-DDTHH:mm') → ISO 8601 UTC, or '' when
 * empty/invalid. The API wants an explicit offset.
 */
export function localInputToIso(value: string): string {
  if (!value) return '';
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

/** ISO 8601 → `datetime-local` value in the browser's time zone ('' for null). */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
