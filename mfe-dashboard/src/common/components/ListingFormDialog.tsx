import { Dialog, DialogActions, DialogContent, DialogTitle } from '@campus/mui-overlays';
import { apiErrorMessage, apiFieldErrors, useSnackbar } from '@campus/shared';
import { formatCourseCode } from '@campus/shared/course-codes';
import { Box, Button, Stack, useMediaQuery, useTheme } from '@mui/material';
import type { AxiosProgressEvent } from 'axios';
import { useFormik } from 'formik';
import { useUploadProgress } from '../hooks/useUploadProgress';
import { type ListingValues, listingSchema } from '../validation';
import { ListingFields } from './ListingFields';
import { UploadProgress } from './UploadProgress';

/** A stored listing being edited: its current values and pictures. */
export interface ListingInitial {
  title: string;
  description: string;
  price: number;
  category?: string | null;
  coverImage?: string | null;
  photos?: string[];
  /** Products (docs/product.md §20.4): the stored condition (null/absent: not stated) and negotiable. */
  condition?: string | null;
  negotiable?: boolean | null;
  /** Textbooks (docs/product.md §31): the stored course codes, normalised ('SCH2101'). */
  courseCodes?: string[] | null;
}

interface ListingFormDialogProps {
  open: boolean;
  /** Dialog title, e.g. 'List a product' or 'Edit service'. */
  title: string;
  /** Submit label and its busy label, e.g. ['List product', 'Saving...']. */
  submitLabel: string;
  categories: readonly string[];
  /** The listing being edited; absent to create one. */
  initial?: ListingInitial;
  /** Server field name of the title ('title' for products, 'name' for services). */
  titleField: 'title' | 'name';
  /** A product form: with Condition and 'Price negotiable' (docs/product.md §20.4). */
  productFields?: boolean;
  /** Message toasted when saving fails without a server message. */
  failureMessage: string;
  /** Sends the form; `changed` lists what differs from `initial` (edit) or everything (create). */
  onSubmit: (values: ListingValues, onUploadProgress: (event: AxiosProgressEvent) => void) => Promise<void>;
  onClose: () => void;
}

/**
 * Create or edit a product or service in a dialog (full screen on phones): the listing fields,
 * an upload bar, 'Saving...' while sending; failures toast the server's message (else
 * `failureMessage`) and show the server's field messages.
 */
export function ListingFormDialog({
  open,
  title,
  submitLabel,
  categories,
  initial,
  titleField,
  productFields = false,
  failureMessage,
  onSubmit,
  onClose,
}: ListingFormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadProgress();
  const formik = useFormik<ListingValues>({
    initialValues: {
      title: initial?.title ?? '',
      description: initial?.description ?? '',
      price: initial ? String(initial.price) : '',
      category: initial?.category ?? '',
      coverImage: [],
      photos: [],
      ...(productFields
        ? {
            condition: initial?.condition ?? '',
            negotiable: initial?.negotiable ?? false,
            courseCodes: (initial?.courseCodes ?? []).map(formatCourseCode).join(', '),
          }
        : {}),
    },
    enableReinitialize: true,
    validationSchema: listingSchema(categories, !initial, productFields),
    onSubmit: async (values, helpers) => {
      upload.start();
      try {
        await onSubmit(values, upload.onUploadProgress);
        helpers.resetForm();
      } catch (error) {
        enqueueSnackbar(apiErrorMessage(error, failureMessage), { variant: 'error' });
        const errors: Record<string, string> = {};
        for (const [field, message] of Object.entries(apiFieldErrors(error))) {
          errors[field === titleField ? 'title' : field] = message;
        }
        helpers.setErrors(errors);
      } finally {
        upload.done();
      }
    },
  });
  const idPrefix = initial ? 'edit-listing' : 'new-listing';
  const busy = formik.isSubmitting;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${idPrefix}-dialog-title`}
    >
      <Box
        component="form"
        noValidate
        onSubmit={formik.handleSubmit}
        aria-labelledby={`${idPrefix}-dialog-title`}
      >
        <DialogTitle id={`${idPrefix}-dialog-title`} component="h2">
          {title}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <ListingFields
              formik={formik}
              categories={categories}
              idPrefix={idPrefix}
              create={!initial}
              currentCover={initial?.coverImage}
              currentPhotos={initial?.photos}
              disabled={busy}
              productFields={productFields}
            />
            <UploadProgress value={upload.progress} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
