import { TextField } from '@campus/mui-overlays';
import {
  fieldProps,
  LISTING_LIMITS,
  PRODUCT_CONDITION_LABELS,
  PRODUCT_CONDITIONS,
  shownError,
} from '@campus/shared';
import { COURSE_CODE_CATEGORY, MAX_COURSE_CODES } from '@campus/shared/course-codes';
import { Checkbox, FormControlLabel, Stack } from '@mui/material';
import type { FormikProps } from 'formik';
import type { ListingValues } from '../validation';
import { ImageInput } from './ImageInput';

interface ListingFieldsProps {
  formik: FormikProps<ListingValues>;
  /** The 11 product or service categories (docs/product.md §3). */
  categories: readonly string[];
  /** Prefix of the input ids (two forms may be on one page). */
  idPrefix: string;
  /** true on create: the cover is required. */
  create: boolean;
  /** Stored pictures shown until new ones are picked (edit forms). */
  currentCover?: string | null;
  currentPhotos?: string[];
  disabled?: boolean;
  /** A product form: also Condition (optional select) and 'Price negotiable' (docs/product.md §20.4). */
  productFields?: boolean;
}

/**
 * The fields of a product or service form (docs/product.md §2 "Create service": Title, Description, Price
 * (number, step 0.01), Category (select of the 11 categories), Cover image, Additional photos with
 * previews); a product form also has 'Price negotiable' (checkbox) and Condition (optional select
 * of PRODUCT_CONDITIONS; docs/product.md §20.4) and, in the textbooks category, Course codes (docs/product.md
 * §31: up to 5, separated by commas). Errors show under each field once touched or after a
 * submit.
 */
export function ListingFields({
  formik,
  categories,
  idPrefix,
  create,
  currentCover,
  currentPhotos,
  disabled = false,
  productFields = false,
}: ListingFieldsProps) {
  const { values } = formik;
  const shown = (field: keyof ListingValues) => shownError(formik, field);
  const text = (field: 'title' | 'description' | 'price') => ({
    id: `${idPrefix}-${field}`,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => void formik.setFieldValue(field, event.target.value),
    onBlur: () => void formik.setFieldTouched(field, true),
    error: Boolean(shown(field)),
    helperText: shown(field),
    disabled,
    fullWidth: true,
  });

  return (
    <Stack spacing={2.5}>
      <TextField
        label="Title"
        required
        slotProps={{ htmlInput: { maxLength: LISTING_LIMITS.titleMax } }}
        {...text('title')}
      />
      <TextField
        label="Description"
        required
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: LISTING_LIMITS.descriptionMax } }}
        {...text('description')}
      />
      <TextField
        label="Price (Kes)"
        required
        type="number"
        slotProps={{ htmlInput: { step: 0.01, min: 0, max: LISTING_LIMITS.priceMax, inputMode: 'decimal' } }}
        {...text('price')}
      />
      {productFields ? (
        <FormControlLabel
          control={
            <Checkbox
              id={`${idPrefix}-negotiable`}
              name="negotiable"
              checked={values.negotiable ?? false}
              onChange={(event) => void formik.setFieldValue('negotiable', event.target.checked)}
              disabled={disabled}
            />
          }
          label="Price negotiable"
        />
      ) : null}
      <TextField
        select
        id={`${idPrefix}-category`}
        name="category"
        label="Category"
        required
        fullWidth
        disabled={disabled}
        value={values.category}
        onChange={(event) => void formik.setFieldValue('category', event.target.value)}
        onBlur={() => void formik.setFieldTouched('category', true)}
        error={Boolean(shown('category'))}
        helperText={shown('category')}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Choose a category</option>
        {categories.map((category) => (
          <option key={category} value={category}>
            {category === 'other' ? 'Other' : category}
          </option>
        ))}
      </TextField>
      {productFields && values.category === COURSE_CODE_CATEGORY ? (
        <TextField
          label="Course codes"
          fullWidth
          disabled={disabled}
          {...fieldProps(formik, 'courseCodes', idPrefix)}
          helperText={
            shown('courseCodes') ||
            `Optional, up to ${MAX_COURSE_CODES}, separated by commas, e.g. SCH 2101, SMA 2230`
          }
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      ) : null}
      {productFields ? (
        <TextField
          select
          label="Condition"
          fullWidth
          disabled={disabled}
          {...fieldProps(formik, 'condition', idPrefix)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Not stated</option>
          {PRODUCT_CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {PRODUCT_CONDITION_LABELS[condition]}
            </option>
          ))}
        </TextField>
      ) : null}
      <ImageInput
        label="Cover image"
        name="coverImage"
        required={create}
        files={values.coverImage}
        onChange={(files) => {
          void formik.setFieldValue('coverImage', files.slice(0, 1));
          void formik.setFieldTouched('coverImage', true, false);
        }}
        error={shown('coverImage')}
        hint={
          create
            ? 'JPEG, PNG, WebP or GIF; large pictures are shrunk before upload'
            : 'Pick a picture to replace the cover'
        }
        currentUrls={currentCover ? [currentCover] : []}
        disabled={disabled}
      />
      <ImageInput
        label="Additional photos"
        name="photos"
        multiple
        files={values.photos}
        onChange={(files) => {
          void formik.setFieldValue('photos', files);
          void formik.setFieldTouched('photos', true, false);
        }}
        error={shown('photos')}
        hint={
          create
            ? `Optional, up to ${LISTING_LIMITS.maxPhotos}`
            : `Optional, up to ${LISTING_LIMITS.maxPhotos}; new photos replace the current ones`
        }
        currentUrls={currentPhotos ?? []}
        disabled={disabled}
      />
    </Stack>
  );
}
