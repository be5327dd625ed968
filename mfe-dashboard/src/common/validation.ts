/**
 * yup rules of the selling forms, with the API's limits (`LISTING_LIMITS`) and the same
 * messages as the server's field errors (docs/product.md §5 "Create service": Title, description, price,
 * category and cover image required; price numeric with step 0.01; category from the list).
 */
import { LISTING_LIMITS, PRODUCT_CONDITIONS, VALIDATION_MESSAGES, WHATSAPP_PATTERN } from '@campus/shared';
import { COURSE_CODE_CATEGORY, parseCourseCodes } from '@campus/shared/course-codes';
import * as yup from 'yup';

/** A required text of `min`..`max` characters (after trimming), named `label` in messages. */
export const requiredText = (label: string, min: number, max: number) =>
  yup
    .string()
    .trim()
    .required(`${label} is required`)
    .min(min, `${label} must be at least ${min} characters long`)
    .max(max, `${label} must be at most ${max} characters long`);

/** An optional text of at most `max` characters. */
export const optionalText = (label: string, max: number) =>
  yup.string().trim().max(max, `${label} must be at most ${max} characters long`);

/** A price in KES typed in a number input (kept as a string): >= 0, at most 2 decimals, at most 10,000,000. */
export const priceRule = (required: boolean) => {
  const base = yup.string().trim();
  return (required ? base.required('Price is required') : base)
    .test('number', 'Price must be a number', (value) => !value || /^-?\d+(\.\d+)?$/.test(value))
    .test('negative', 'Price must not be negative', (value) => !value?.startsWith('-'))
    .test('decimals', 'Price can have at most 2 decimals', (value) => !value || !/\.\d{3,}$/.test(value))
    .test(
      'max',
      `Price must be at most ${LISTING_LIMITS.priceMax.toLocaleString('en-KE')} KES`,
      (value) => !value || Number(value) <= LISTING_LIMITS.priceMax,
    );
};

/** A category from `categories`. */
export const categoryRule = (categories: readonly string[]) =>
  yup
    .string()
    .required('Category is required')
    .oneOf([...categories], 'Please choose a category from the list');

/** The cover picture: one file, required on create. */
export const coverRule = (required: boolean) =>
  yup
    .array()
    .of(yup.mixed<File>().required())
    .test('required', 'Cover image is required', (files) => !required || (files?.length ?? 0) > 0);

/** Extra photos: at most 6. */
export const photosRule = () =>
  yup
    .array()
    .of(yup.mixed<File>().required())
    .max(LISTING_LIMITS.maxPhotos, `You can upload at most ${LISTING_LIMITS.maxPhotos} photos`);

/** An optional WhatsApp number (254 followed by 9 digits, docs/product.md §5). */
export const optionalWhatsApp = () =>
  yup
    .string()
    .trim()
    .test('whatsapp', VALIDATION_MESSAGES.whatsAppInvalid, (value) => !value || WHATSAPP_PATTERN.test(value));

/** Fields shared by the product and service forms. */
export interface ListingValues {
  title: string;
  description: string;
  price: string;
  category: string;
  coverImage: File[];
  photos: File[];
  /** Products only (docs/product.md §20.4): '' (not said) or one of PRODUCT_CONDITIONS. */
  condition?: string;
  /** Products only (docs/product.md §20.4): the price is negotiable. */
  negotiable?: boolean;
  /** Textbooks only (docs/product.md §31): course codes separated by commas, e.g. 'SCH 2101, SMA 2230'. */
  courseCodes?: string;
}

/**
 * A textbook's course codes (docs/product.md §31): up to 5, separated by commas, each 2-4 letters then
 * 3-4 digits (`parseCourseCodes`, the API's messages). Checked only in the textbooks category (the
 * field is hidden, and not sent, in the others).
 */
export const courseCodesRule = () =>
  yup.string().test('course-codes', function check(value) {
    if (this.parent?.category !== COURSE_CODE_CATEGORY) return true;
    const parsed = parseCourseCodes(value ?? '');
    return parsed.error === undefined || this.createError({ message: parsed.error });
  });

/** The optional condition of a product: empty, or one of PRODUCT_CONDITIONS (docs/product.md §20.4). */
export const conditionRule = () =>
  yup.string().oneOf(['', ...PRODUCT_CONDITIONS], 'Please choose a condition from the list');

/**
 * yup schema of a product or service form (`create`: every field and the cover required;
 * `product`: with the optional condition and negotiable of docs/product.md §20.4).
 */
export function listingSchema(categories: readonly string[], create: boolean, product = false) {
  return yup.object({
    ...(product
      ? { condition: conditionRule(), negotiable: yup.boolean(), courseCodes: courseCodesRule() }
      : {}),
    title: requiredText('Title', LISTING_LIMITS.titleMin, LISTING_LIMITS.titleMax),
    description: requiredText('Description', LISTING_LIMITS.descriptionMin, LISTING_LIMITS.descriptionMax),
    price: priceRule(true),
    category: categoryRule(categories),
    coverImage: coverRule(create),
    photos: photosRule(),
  });
}
