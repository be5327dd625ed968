/**
 * The fields products and services share (docs/product.md §15): title/name, description, price, category,
 * a cover picture and extra photos. Create checks them all as required (cover included); edit
 * checks only what was sent. Limits: `LISTING_LIMITS` (title 3-120 characters, description
 * 10-5000, price 0-10,000,000 KES with at most 2 decimals, category from the resource's 11).
 */
import { LISTING_LIMITS } from '@campus/shared/constants';
import { IMAGE_LIMITS } from '../uploads/image-pipeline.ts';
import { type FormSpec, TOO_MANY_PHOTOS_MESSAGE } from './form.ts';
import type { FormChecker } from './validation.ts';

export const COVER_REQUIRED_MESSAGE = 'Cover image is required';
export const NOTHING_TO_UPDATE_MESSAGE = 'Nothing to update: change at least one field or picture';
export const TOO_MANY_COVERS_MESSAGE = 'Send one cover image';

/** Files a listing form accepts: one cover, up to 6 photos. */
export const LISTING_FILES: FormSpec['files'] = {
  coverImage: { max: 1, tooMany: TOO_MANY_COVERS_MESSAGE },
  photos: { max: IMAGE_LIMITS.maxPhotos, tooMany: TOO_MANY_PHOTOS_MESSAGE },
};

export interface ListingFields {
  title?: string;
  description?: string;
  price?: number;
  category?: string;
}

/**
 * Checks the title (field `titleField`, 3-120 characters) and the description (10-5000) of a
 * listing or event form (docs/product.md §15), each required when `required`; on an edit an
 * empty text is returned as '' for the caller to refuse.
 * @returns the trimmed texts, undefined when not sent or invalid (the message is in `check`)
 */
export function checkTitleAndDescription(
  check: FormChecker,
  fields: Record<string, unknown>,
  titleField: string,
  required: boolean,
) {
  const title = check.text(titleField, 'Title', fields[titleField], {
    required,
    min: LISTING_LIMITS.titleMin,
    max: LISTING_LIMITS.titleMax,
  });
  const description = check.text('description', 'Description', fields.description, {
    required,
    min: LISTING_LIMITS.descriptionMin,
    max: LISTING_LIMITS.descriptionMax,
  });
  return { title, description };
}

/**
 * Checks the text fields of a product or service form.
 * @param titleField the payload name of the title ('title' for products, 'name' for services)
 * @param required true on create (every field required), false on edit (only sent fields)
 */
export function checkListingFields(
  check: FormChecker,
  fields: Record<string, unknown>,
  {
    titleField,
    categories,
    required,
  }: { titleField: 'title' | 'name'; categories: readonly string[]; required: boolean },
): ListingFields {
  const { title, description } = checkTitleAndDescription(check, fields, titleField, required);
  if (!required) {
    if (title === '') check.fail(titleField, 'Title is required');
    if (description === '') check.fail('description', 'Description is required');
  }
  const price = check.price('price', fields.price, { required });
  if (price === null) check.fail('price', 'Price is required');
  const category = check.choice('category', 'Category', fields.category, categories, { required });
  return {
    title: title || undefined,
    description: description || undefined,
    price: price ?? undefined,
    category,
  };
}

/**
 * OpenAPI description of the multipart body of a listing create/edit.
 * @param extra the resource's own fields (products: condition, negotiable), after category
 */
export function listingFormDoc(
  titleField: 'title' | 'name',
  categories: readonly string[],
  create: boolean,
  extra: Record<string, object> = {},
) {
  const text = (description: string) => ({ type: 'string', description });
  return {
    type: 'object',
    description:
      `multipart/form-data. ${create ? 'Every text field and coverImage are required' : 'Every field is optional'}. ` +
      `Pictures: JPEG, PNG, WebP, GIF or HEIC (when the server decodes it), at most ${IMAGE_LIMITS.maxFileBytes / 1048576} MB each ` +
      `(413 above), checked by content and re-encoded to WebP (1200 px and 400 px). Rejected forms leave nothing stored.`,
    properties: {
      [titleField]: text(`Title, ${LISTING_LIMITS.titleMin}-${LISTING_LIMITS.titleMax} characters`),
      description: text(`${LISTING_LIMITS.descriptionMin}-${LISTING_LIMITS.descriptionMax} characters`),
      price: text(`KES, >= 0, at most 2 decimals, at most ${LISTING_LIMITS.priceMax}`),
      category: { type: 'string', enum: [...categories] },
      ...extra,
      coverImage: text('Cover picture (file)'),
      photos: text(
        `Extra pictures (repeated file field), at most ${IMAGE_LIMITS.maxPhotos}${create ? '' : '; replace the current ones'}`,
      ),
      ...(create ? {} : { clearPhotos: text("'true' removes the extra photos") }),
    },
  };
}
