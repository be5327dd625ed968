import { TextField } from '@campus/mui-overlays';
import {
  apiErrorMessage,
  apiFieldErrors,
  fieldProps,
  LISTING_LIMITS,
  type Shop,
  shownError,
  TOAST_SHORT_DURATION_MS,
  useFormToasts,
} from '@campus/shared';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { Link as RouterLink } from 'react-router';
import * as yup from 'yup';
import { ImageInput } from '../../common/components/ImageInput';
import { UnderReview } from '../../common/components/UnderReview';
import { optionalText, optionalWhatsApp, requiredText } from '../../common/validation';
import { createShop, type ShopPayload, updateShop } from '../api/settings-api';

interface ShopValues {
  name: string;
  description: string;
  address: string;
  phone: string;
  coverImage: File[];
}

const schema = yup.object({
  name: requiredText('Shop name', LISTING_LIMITS.shopNameMin, LISTING_LIMITS.shopNameMax),
  description: optionalText('Description', LISTING_LIMITS.shopDescriptionMax),
  address: optionalText('Address', LISTING_LIMITS.placeMax),
  phone: optionalWhatsApp(),
});

/**
 * My shop (docs/product.md §15): open one (POST /shops; my products without a shop join it) or edit it
 * (PATCH /shops/:id): name, description, address, phone (WhatsApp format, used for chats when
 * set) and a cover picture; a link to its public page /shop/{id}.
 */
export function ShopForm({ shop, onSaved }: { shop: Shop | null; onSaved: (shop: Shop) => void }) {
  // Shop notices: 3000 ms (docs/product.md §9); a success closes an earlier failure's toast.
  const toasts = useFormToasts({ autoHideDuration: TOAST_SHORT_DURATION_MS });
  const formik = useFormik<ShopValues>({
    initialValues: {
      name: shop?.name ?? '',
      description: shop?.description ?? '',
      address: shop?.address ?? '',
      phone: shop?.phone ?? '',
      coverImage: [],
    },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const payload: ShopPayload = {};
      for (const key of ['name', 'description', 'address', 'phone'] as const) {
        if (!shop || values[key].trim() !== (shop[key] ?? '')) payload[key] = values[key];
      }
      if (values.coverImage[0]) payload.coverImage = values.coverImage[0];
      try {
        const saved = shop ? await updateShop(shop._id, payload) : await createShop(payload);
        toasts.success(shop ? 'Shop updated' : 'Your shop is open!');
        onSaved(saved);
        helpers.resetForm();
      } catch (error) {
        toasts.error(apiErrorMessage(error, 'Failed to save your shop. Please try again.'));
        helpers.setErrors(apiFieldErrors(error));
      }
    },
  });
  const { values, isSubmitting } = formik;
  const shown = (field: keyof ShopValues) => shownError(formik, field);
  const field = (name: Exclude<keyof ShopValues, 'coverImage'>) => ({
    ...fieldProps(formik, name, 'shop'),
    disabled: isSubmitting,
    fullWidth: true,
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby="shop-heading">
      <Stack spacing={2.5}>
        <Box>
          <Typography id="shop-heading" component="h2" variant="h6">
            My shop
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {shop ? (
              <>
                Your products are listed in your shop.{' '}
                <Link component={RouterLink} to={`/shop/${shop._id}`}>
                  View my shop
                </Link>
              </>
            ) : (
              'Open a shop to group your products on one page you can share.'
            )}
          </Typography>
          {shop?.moderation === 'held' || shop?.moderation === 'hidden' ? (
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <UnderReview moderation={shop.moderation} reason={shop.moderationReason} />
            </Stack>
          ) : null}
        </Box>
        <TextField label="Shop name" required {...field('name')} />
        <TextField label="Description" multiline minRows={2} {...field('description')} />
        <TextField
          label="Address"
          {...field('address')}
          helperText={shown('address') ?? 'e.g. Hall 6, main campus'}
        />
        <TextField
          label="Shop phone"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...field('phone')}
          helperText={
            shown('phone') ?? 'Optional WhatsApp number (254 followed by 9 digits); else yours is used'
          }
        />
        <ImageInput
          label="Shop cover image"
          name="coverImage"
          files={values.coverImage}
          onChange={(files) => void formik.setFieldValue('coverImage', files.slice(0, 1))}
          hint="Optional banner for your shop page"
          currentUrls={shop?.coverThumbnail ? [shop.coverThumbnail] : []}
          disabled={isSubmitting}
        />
        <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          {isSubmitting ? 'Saving...' : shop ? 'Save shop' : 'Open my shop'}
        </Button>
      </Stack>
    </Box>
  );
}
