import { apiErrorMessage, SERVICE_CATEGORIES, type Service, usePageMeta } from '@campus/shared';
import {
  AddIcon,
  Alert,
  Box,
  Button,
  CircularProgress,
  DeleteIcon,
  EditIcon,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { ListingFormDialog } from '../../common/components/ListingFormDialog';
import { ListingRow } from '../../common/components/ListingRow';
import { useMyList } from '../../common/hooks/useMyList';
import type { ListingValues } from '../../common/validation';
import { deleteService, getMyServices, type ServicePayload, updateService } from '../api/services-api';

export const SERVICE_UPDATED = 'Service updated';
export const SERVICE_DELETED = 'Service deleted';

/** The fields of `values` that differ from `before`, with new pictures. */
function changes(values: ListingValues, before: Service): Partial<ServicePayload> {
  const payload: Partial<ServicePayload> = {};
  if (values.title.trim() !== before.name) payload.name = values.title;
  if (values.description.trim() !== before.description) payload.description = values.description;
  if (Number(values.price) !== before.price) payload.price = values.price;
  if (values.category !== before.category) payload.category = values.category;
  if (values.coverImage[0]) payload.coverImage = values.coverImage[0];
  if (values.photos.length > 0) payload.photos = values.photos;
  return payload;
}

/**
 * /app/services-list: my services with edit and delete (confirmation), and a link to
 * /create-service (where a new service is made, spec 2).
 */
export default function ServicesListPage() {
  usePageMeta('My services');
  const { enqueueSnackbar } = useSnackbar();
  const { items, loading, error, reload, setItems } = useMyList(getMyServices);
  const [editing, setEditing] = useState<Service | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (values: ListingValues, onUploadProgress: Parameters<typeof updateService>[2]) => {
    if (!editing) return;
    const payload = changes(values, editing);
    const service =
      Object.keys(payload).length > 0 ? await updateService(editing._id, payload, onUploadProgress) : editing;
    setItems((list) => list.map((item) => (item._id === service._id ? service : item)));
    enqueueSnackbar(SERVICE_UPDATED, { variant: 'success' });
    setEditing(null);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteService(deleting._id);
      setItems((list) => list.filter((item) => item._id !== deleting._id));
      enqueueSnackbar(SERVICE_DELETED, { variant: 'success' });
      setDeleting(null);
    } catch (failure) {
      enqueueSnackbar(apiErrorMessage(failure, 'Failed to delete the service. Please try again.'), {
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  const createLink = (label: string) => (
    <Button component={RouterLink} to="/create-service" variant="contained" startIcon={<AddIcon />}>
      {label}
    </Button>
  );

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h4" component="h1">
          My services
        </Typography>
        {createLink('Create a service')}
      </Stack>
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void reload()}>
              Try again
            </Button>
          }
        >
          {error}
        </Alert>
      ) : null}
      {loading && items.length === 0 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading your services" />
        </Box>
      ) : null}
      {!loading && !error && items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography component="h2" variant="h6" gutterBottom>
            You do not offer any services yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Tutoring, photography, hair, repairs: offer what you are good at.
          </Typography>
          {createLink('Offer your first service')}
        </Paper>
      ) : null}
      {items.length > 0 ? (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="My services">
          {items.map((service) => (
            <ListingRow
              key={service._id}
              title={service.name}
              to={`/services/${service._id}`}
              price={service.price}
              thumbnail={service.coverThumbnail ?? service.coverImage}
              meta={
                <Typography variant="caption" color="text.secondary" component="p">
                  {service.views ?? 0} views · {service.category}
                </Typography>
              }
              actions={
                <>
                  <Button
                    size="small"
                    startIcon={<EditIcon />}
                    onClick={() => setEditing(service)}
                    aria-label={`Edit ${service.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteIcon />}
                    onClick={() => setDeleting(service)}
                    aria-label={`Delete ${service.name}`}
                  >
                    Delete
                  </Button>
                </>
              }
            />
          ))}
        </Stack>
      ) : null}
      {editing ? (
        <ListingFormDialog
          open
          title="Edit service"
          submitLabel="Save changes"
          categories={SERVICE_CATEGORIES}
          titleField="name"
          initial={{
            title: editing.name,
            description: editing.description,
            price: editing.price,
            category: editing.category,
            coverImage: editing.coverThumbnail ?? editing.coverImage,
            photos: editing.photos,
          }}
          failureMessage="Failed to update service. Please try again."
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this service?"
        message={deleting ? `“${deleting.name}” and its photos will be removed for good.` : ''}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
