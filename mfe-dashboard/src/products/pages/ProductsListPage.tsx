import { TextField } from '@campus/mui-overlays';
import {
  apiErrorMessage,
  PRODUCT_CATEGORIES,
  PRODUCT_CONDITION_LABELS,
  PRODUCT_STATUSES,
  usePageMeta,
  useSnackbar,
} from '@campus/shared';
import { COURSE_CODE_CATEGORY, parseCourseCodes } from '@campus/shared/course-codes';
import { AddIcon, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ListingFormDialog } from '../../common/components/ListingFormDialog';
import { ListingRow } from '../../common/components/ListingRow';
import { MyListingsSection } from '../../common/components/MyListingsSection';
import { DeleteButton, EditButton } from '../../common/components/RowActionButtons';
import { SafetyFlagNotice } from '../../common/components/SafetyFlagNotice';
import { UnderReview } from '../../common/components/UnderReview';
import { useMyListings } from '../../common/hooks/useMyListings';
import type { ListingValues } from '../../common/validation';
import { NameBuyerDialog } from '../../deals/components/NameBuyerDialog';
import {
  createProduct,
  deleteProduct,
  getMyProducts,
  type MyProduct,
  type ProductFormValues,
  type ProductStatus,
  setProductStatus,
  updateProduct,
} from '../api/products-api';

export const PRODUCT_CREATED = 'Product listed successfully!';
export const PRODUCT_UPDATED = 'Product updated';
export const PRODUCT_DELETED = 'Product deleted';
export const PRODUCT_SAVE_FAILED = 'Failed to save product. Please try again.';
export const STATUS_FAILED = 'Failed to update the product. Please try again.';

/** The three states of a product and their words (docs/product.md §20.5), in the select's order. */
export const STATUS_LABELS: Record<ProductStatus, string> = {
  available: 'Available',
  reserved: 'Reserved',
  sold: 'Sold',
};
const STATUS_COLOURS = { available: 'success', reserved: 'warning', sold: 'default' } as const;
const STATUS_TOASTS: Record<ProductStatus, string> = {
  available: 'Marked as available',
  reserved: 'Marked as reserved',
  sold: 'Marked as sold',
};

/**
 * The fields of `values` that differ from `before` (edit), with new pictures; on create every
 * field, the condition only when one is chosen (docs/product.md §20.4).
 */
function changes(values: ListingValues, before?: MyProduct): ProductFormValues {
  const payload: ProductFormValues = {};
  if (!before || values.title.trim() !== before.title) payload.title = values.title;
  if (!before || values.description.trim() !== before.description) payload.description = values.description;
  if (!before || Number(values.price) !== before.price) payload.price = values.price;
  if (!before || values.category !== before.category) payload.category = values.category;
  const condition = values.condition ?? '';
  if (before ? condition !== (before.condition ?? '') : condition !== '') payload.condition = condition;
  const negotiable = values.negotiable ?? false;
  if (!before || negotiable !== (before.negotiable ?? false)) payload.negotiable = String(negotiable);
  // docs/product.md §31: textbooks only (the API clears them when a product leaves the category).
  if (values.category === COURSE_CODE_CATEGORY) {
    const codes = parseCourseCodes(values.courseCodes ?? '').codes ?? [];
    if (codes.join() !== (before?.courseCodes ?? []).join()) payload.courseCodes = codes.join(', ');
  }
  if (values.coverImage[0]) payload.coverImage = values.coverImage[0];
  if (values.photos.length > 0) payload.photos = values.photos;
  return payload;
}

/**
 * /app/products-list (route app.products, the 'Sell now' target): my products with create
 * (title, description, price, 'Price negotiable', category, condition, cover, more photos with
 * previews), edit, a status select per product (Available / Reserved / Sold: PATCH {status}, a
 * toast either way; docs/product.md §20.5) and delete with a confirmation; each row shows views, saves
 * (docs/product.md §20.1), category, condition and 'Negotiable'; an empty state inviting the first
 * listing. A product joins my shop when I have one.
 */
export default function ProductsListPage() {
  usePageMeta('My products');
  const { enqueueSnackbar } = useSnackbar();
  const listings = useMyListings({
    load: getMyProducts,
    remove: deleteProduct,
    deletedMessage: PRODUCT_DELETED,
    deleteFailedMessage: 'Failed to delete the product. Please try again.',
  });
  const { setItems, busyId, setBusyId } = listings;
  const [editing, setEditing] = useState<MyProduct | 'new' | null>(null);
  // After "Sold": who bought it (docs/product.md §28).
  const [sold, setSold] = useState<MyProduct | null>(null);

  const replace = (product: MyProduct) =>
    setItems((list) => list.map((item) => (item._id === product._id ? { ...item, ...product } : item)));

  const save = async (values: ListingValues, onUploadProgress: Parameters<typeof createProduct>[1]) => {
    if (editing === 'new') {
      const product = await createProduct(changes(values), onUploadProgress);
      setItems((list) => [product, ...list]);
      enqueueSnackbar(PRODUCT_CREATED, { variant: 'success' });
    } else if (editing) {
      const payload = changes(values, editing);
      const product =
        Object.keys(payload).length > 0
          ? await updateProduct(editing._id, payload, onUploadProgress)
          : editing;
      replace(product);
      enqueueSnackbar(PRODUCT_UPDATED, { variant: 'success' });
    }
    setEditing(null);
  };

  const changeStatus = async (product: MyProduct, next: ProductStatus) => {
    if (next === product.status) return;
    setBusyId(product._id);
    try {
      replace(await setProductStatus(product._id, next));
      enqueueSnackbar(STATUS_TOASTS[next], { variant: 'success' });
      if (next === 'sold') setSold(product);
    } catch (failure) {
      // The select stays on the stored status: it shows what the server has.
      enqueueSnackbar(apiErrorMessage(failure, STATUS_FAILED), { variant: 'error' });
    } finally {
      setBusyId(null);
    }
  };

  const addButton = (label: string) => (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
      {label}
    </Button>
  );

  return (
    <MyListingsSection
      heading="My products"
      createAction={addButton('Add a product')}
      loadingLabel="Loading your products"
      emptyTitle="You have not listed any products yet"
      emptyText="Textbooks, a calculator, a bicycle you no longer ride: students on your campus are looking for them."
      emptyAction={addButton('List your first product')}
      listings={listings}
      deleteTitle="Delete this product?"
      deleteMessage={(product) => `“${product.title}” and its photos will be removed for good.`}
      renderItem={(product) => {
        const status = product.status ?? 'available';
        const details = [
          `${product.views ?? 0} ${product.views === 1 ? 'view' : 'views'}`,
          `${product.saves ?? 0} ${product.saves === 1 ? 'save' : 'saves'}`,
          product.category === 'other' ? 'Other' : product.category,
          product.condition ? PRODUCT_CONDITION_LABELS[product.condition] : null,
          product.negotiable ? 'Negotiable' : null,
        ].filter(Boolean);
        return (
          <ListingRow
            key={product._id}
            title={product.title}
            to={`/products/${product._id}`}
            price={product.price}
            thumbnail={product.coverThumbnail ?? product.coverImage}
            meta={
              <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" label={STATUS_LABELS[status]} color={STATUS_COLOURS[status]} />
                <Typography variant="caption" color="text.secondary">
                  {details.join(' · ')}
                </Typography>
                <UnderReview moderation={product.moderation} reason={product.moderationReason} />
                <SafetyFlagNotice signals={product.safetySignals} />
              </Stack>
            }
            actions={
              <>
                <EditButton name={product.title} onClick={() => setEditing(product)} />
                <TextField
                  select
                  size="small"
                  label="Status"
                  id={`status-${product._id}`}
                  value={status}
                  disabled={busyId === product._id}
                  onChange={(event) => void changeStatus(product, event.target.value as ProductStatus)}
                  slotProps={{
                    select: { native: true },
                    inputLabel: { shrink: true },
                    htmlInput: { 'aria-label': `Status of ${product.title}` },
                  }}
                  sx={{ minWidth: 132 }}
                >
                  {PRODUCT_STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {STATUS_LABELS[value]}
                    </option>
                  ))}
                </TextField>
                <DeleteButton name={product.title} onClick={() => listings.askDelete(product)} />
              </>
            }
          />
        );
      }}
    >
      {sold ? (
        <NameBuyerDialog
          listing={{ kind: 'product', id: sold._id, title: sold.title }}
          onClose={() => setSold(null)}
        />
      ) : null}
      {editing ? (
        <ListingFormDialog
          open
          title={editing === 'new' ? 'List a product' : 'Edit product'}
          submitLabel={editing === 'new' ? 'List product' : 'Save changes'}
          categories={PRODUCT_CATEGORIES}
          titleField="title"
          productFields
          initial={
            editing === 'new'
              ? undefined
              : {
                  title: editing.title,
                  description: editing.description,
                  price: editing.price,
                  category: editing.category,
                  condition: editing.condition,
                  negotiable: editing.negotiable,
                  courseCodes: editing.courseCodes,
                  coverImage: editing.coverThumbnail ?? editing.coverImage,
                  photos: editing.photos,
                }
          }
          failureMessage={PRODUCT_SAVE_FAILED}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </MyListingsSection>
  );
}
