/**
 * Builds the multipart bodies of the selling forms (docs/product.md §7 POST /services: name, description,
 * price, category, coverImage, photos repeated). Text values are trimmed; `undefined`/`null` are
 * left out; a File array repeats its field name.
 */
import type { FormBody } from '@campus/shared/contract';

export type FormDataValue = string | number | boolean | Blob | readonly Blob[] | null | undefined;

function isBlobList(value: FormDataValue): value is readonly Blob[] {
  return Array.isArray(value);
}

/** Appends a picture, with its file name when it is a `File`. */
function appendFile(form: FormData, name: string, file: Blob): void {
  if (typeof File !== 'undefined' && file instanceof File) form.append(name, file, file.name);
  else form.append(name, file);
}

/**
 * `values` as FormData, in key order; its type names the keys, so `apiClient.call` accepts it
 * only for an endpoint whose form has each of them (docs/decisions/0038).
 */
export function toFormData<V extends Record<string, FormDataValue>>(values: V): FormBody<keyof V & string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (isBlobList(value)) for (const file of value) appendFile(form, name, file);
    else if (typeof File !== 'undefined' && value instanceof File) form.append(name, value, value.name);
    else if (typeof Blob !== 'undefined' && value instanceof Blob) form.append(name, value);
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
