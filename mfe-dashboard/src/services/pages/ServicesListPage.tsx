import { SERVICE_CATEGORIES, type Service, usePageMeta, useSnackbar } from '@campus/shared';
import { AddIcon, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListingFormDialog } from '../../common/components/ListingFormDialog';
import { ListingRow } from '../../common/components/ListingRow';
import { MyListingsSection } from '../../common/components/MyListingsSection';
import { DeleteButton, EditButton } from '../../common/components/RowActionButtons';
import { SafetyFlagNotice } from '../../common/components/SafetyFlagNotice';
import { UnderReview } from '../../common/components/UnderReview';
import { useMyListings } from '../../common/hooks/useMyListings';
import type { ListingValues } from '../../common/validation';
import {
  deleteService,
  getMyServices,
  type MyService,
  type ServiceFormValues,
  updateService,
} from '../api/services-api';

export const SERVICE_UPDATED = 'Service updated';
export const SERVICE_DELETED = 'Service deleted';

/** The fields of `values` that differ from `before`, with new pictures. */
function changes(values: ListingValues, before: Service): ServiceFormValues {
  const payload: ServiceFormValues = {};
  if (values.title.trim() !== before.name) payload.name = values.title;
  if (values.description.trim() !== before.description) payload.description = values.description;
  if (Number(values.price) !== before.price) payload.price = values.price;
  if (values.category !== before.category) payload.category = values.category;
  if (values.coverImage[0]) payload.coverImage = values.coverImage[0];
  if (values.photos.length > 0) payload.photos = values.photos;
  return payload;
}

/**
 * /app/services-list: my services (views, saves — docs/product.md §20.1 — and category) with edit and
 * delete (confirmation), and a link to /create-service (where a new service is made, docs/product.md §2).
 */
export default function ServicesListPage() {
  usePageMeta('My services');
  const { enqueueSnackbar } = useSnackbar();
  const listings = useMyListings({
    load: getMyServices,
    remove: deleteService,
    deletedMessage: SERVICE_DELETED,
    deleteFailedMessage: 'Failed to delete the service. Please try again.',
  });
  const [editing, setEditing] = useState<MyService | null>(null);

  const save = async (values: ListingValues, onUploadProgress: Parameters<typeof updateService>[2]) => {
    if (!editing) return;
    const payload = changes(values, editing);
    const service =
      Object.keys(payload).length > 0 ? await updateService(editing._id, payload, onUploadProgress) : editing;
    listings.setItems((list) => list.map((item) => (item._id === service._id ? service : item)));
    enqueueSnackbar(SERVICE_UPDATED, { variant: 'success' });
    setEditing(null);
  };

  const createLink = (label: string) => (
    <Button component={RouterLink} to="/create-service" variant="contained" startIcon={<AddIcon />}>
      {label}
    </Button>
  );

  return (
    <MyListingsSection
      heading="My services"
      createAction={createLink('Create a service')}
      loadingLabel="Loading your services"
      emptyTitle="You do not offer any services yet"
      emptyText="Tutoring, photography, hair, repairs: offer what you are good at."
      emptyAction={createLink('Offer your first service')}
      listings={listings}
      deleteTitle="Delete this service?"
      deleteMessage={(service) => `“${service.name}” and its photos will be removed for good.`}
      renderItem={(service) => (
        <ListingRow
          key={service._id}
          title={service.name}
          to={`/services/${service._id}`}
          price={service.price}
          thumbnail={service.coverThumbnail ?? service.coverImage}
          meta={
            <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {service.views ?? 0} views · {service.saves ?? 0} {service.saves === 1 ? 'save' : 'saves'} ·{' '}
                {service.category}
              </Typography>
              <UnderReview moderation={service.moderation} reason={service.moderationReason} />
              <SafetyFlagNotice signals={service.safetySignals} />
            </Stack>
          }
          actions={
            <>
              <EditButton name={service.name} onClick={() => setEditing(service)} />
              <DeleteButton name={service.name} onClick={() => listings.askDelete(service)} />
            </>
          }
        />
      )}
    >
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
    </MyListingsSection>
  );
}
