import {
  apiErrorMessage,
  apiFieldErrors,
  SERVICE_CATEGORIES,
  usePageMeta,
  useSnackbar,
} from '@campus/shared';
import { Box, Button, Container, Link, Paper, Stack, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ListingFields } from '../../common/components/ListingFields';
import { UploadProgress } from '../../common/components/UploadProgress';
import { useUploadProgress } from '../../common/hooks/useUploadProgress';
import { type ListingValues, listingSchema } from '../../common/validation';
import { createService } from '../api/services-api';

export const CREATE_SERVICE_SUCCESS = 'Service created successfully!';
export const CREATE_SERVICE_FAILURE = 'Failed to create service. Please try again.';
/** Where the user goes after creating a service (docs/product.md §2). */
export const SERVICES_LIST_PATH = '/app/services-list';

const EMPTY: ListingValues = {
  title: '',
  description: '',
  price: '',
  category: '',
  coverImage: [],
  photos: [],
};
const schema = listingSchema(SERVICE_CATEGORIES, true);
/** Server field names → form field names (the Title field sends `name`). */
const FIELD_OF: Record<string, keyof ListingValues> = { name: 'title' };

/**
 * /create-service (docs/product.md §2 "Create service", docs/product.md §5, §7, §8): Title (sent as `name`),
 * description, price (step 0.01), category (the 11 service categories), a required cover image and
 * optional additional photos with previews. While submitting the button reads 'Creating...' and
 * is disabled and an upload bar shows progress; the request may take 120 s. Success: toast
 * 'Service created successfully!', the fields reset, and the user goes to /app/services-list.
 * Failure: a toast with the server's message, else 'Failed to create service. Please try again.',
 * and the server's field messages under the fields.
 */
export default function CreateServicePage() {
  usePageMeta('Create a service');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const upload = useUploadProgress();

  const formik = useFormik<ListingValues>({
    initialValues: EMPTY,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      upload.start();
      try {
        await createService(
          {
            name: values.title,
            description: values.description,
            price: values.price,
            category: values.category,
            coverImage: values.coverImage[0],
            photos: values.photos,
          },
          upload.onUploadProgress,
        );
        enqueueSnackbar(CREATE_SERVICE_SUCCESS, { variant: 'success' });
        helpers.resetForm();
        await navigate(SERVICES_LIST_PATH);
      } catch (error) {
        enqueueSnackbar(apiErrorMessage(error, CREATE_SERVICE_FAILURE), { variant: 'error' });
        const fields = apiFieldErrors(error);
        const errors: Partial<Record<keyof ListingValues, string>> = {};
        for (const [field, message] of Object.entries(fields)) {
          const name = FIELD_OF[field] ?? (field as keyof ListingValues);
          if (name in EMPTY) errors[name] = message;
        }
        helpers.setErrors(errors);
      } finally {
        upload.done();
      }
    },
  });

  return (
    <Container maxWidth="sm" sx={{ py: 3 }}>
      <Typography variant="h1" gutterBottom>
        Create a service
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Offer your skills to students on your campus. Fields marked * are required.
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Create service">
          <Stack spacing={3}>
            <ListingFields
              formik={formik}
              categories={SERVICE_CATEGORIES}
              idPrefix="create-service"
              create
              disabled={formik.isSubmitting}
            />
            <UploadProgress value={upload.progress} />
            <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting} fullWidth>
              {formik.isSubmitting ? 'Creating...' : 'Create Service'}
            </Button>
            <Link component={RouterLink} to={SERVICES_LIST_PATH} sx={{ alignSelf: 'center' }}>
              Back to my services
            </Link>
          </Stack>
        </Box>
      </Paper>
    </Container>
  );
}
