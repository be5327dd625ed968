import { apiErrorMessage, PRODUCT_CATEGORIES, type Product, usePageMeta, useSnackbar } from '@campus/shared';
import { AddIcon, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ListingFormDialog } from '../../common/components/ListingFormDialog';
import { ListingRow } from '../../common/components/ListingRow';
import { MyListingsSection } from '../../common/components/MyListingsSection';
import { DeleteButton, EditButton } from '../../common/components/RowActionButtons';
import { UnderReview } from '../../common/components/UnderReview';
import { useMyListings } from '../../common/hooks/useMyListings';
import type { ListingValues } from '../../common/validation';
import {
  createProduct,
  deleteProduct,
  getMyProducts,
  type ProductPayload,
  setProductStatus,
  updateProduct,
} from '../api/products-api';

export const PRODUCT_CREATED = 'Product listed successfully!';
export const PRODUCT_UPDATED = 'Product updated';
export const PRODUCT_DELETED = 'Product deleted';
export const PRODUCT_SAVE_FAILED = 'Failed to save product. Please try again.';

/** The fields of `values` that differ from `before` (edit), with new pictures. */
function changes(values: ListingValues, before?: Product): ProductPayload {
  const payload: ProductPayload = {};
  if (!before || values.title.trim() !== before.title) payload.title = values.title;
  if (!before || values.description.trim() !== before.description) payload.description = values.description;
  if (!before || Number(values.price) !== before.price) payload.price = values.price;
  if (!before || values.category !== before.category) payload.category = values.category;
  if (values.coverImage[0]) payload.coverImage = values.coverImage[0];
  if (values.photos.length > 0) payload.photos = values.photos;
  return payload;
}

/**
 * /app/products-list (route app.products, the 'Sell now' target): my products with create
 * (title, description, price, category, cover, more photos with previews), edit, mark sold /
 * available and delete with a confirmation; an empty state inviting the first listing. A product
 * joins my shop when I have one.
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
  const [editing, setEditing] = useState<Product | 'new' | null>(null);

  const replace = (product: Product) =>
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

  const toggleSold = async (product: Product) => {
    const next = product.status === 'sold' ? 'available' : 'sold';
    setBusyId(product._id);
    try {
      replace(await setProductStatus(product._id, next));
      enqueueSnackbar(next === 'sold' ? 'Marked as sold' : 'Marked as available', { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(apiErrorMessage(failure, 'Failed to update the product. Please try again.'), {
        variant: 'error',
      });
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
        const sold = product.status === 'sold';
        return (
          <ListingRow
            key={product._id}
            title={product.title}
            to={`/products/${product._id}`}
            price={product.price}
            thumbnail={product.coverThumbnail ?? product.coverImage}
            meta={
              <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" label={sold ? 'Sold' : 'Available'} color={sold ? 'default' : 'success'} />
                <Typography variant="caption" color="text.secondary">
                  {product.views ?? 0} views · {product.category === 'other' ? 'Other' : product.category}
                </Typography>
                <UnderReview moderation={product.moderation} reason={product.moderationReason} />
              </Stack>
            }
            actions={
              <>
                <EditButton name={product.title} onClick={() => setEditing(product)} />
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busyId === product._id}
                  onClick={() => void toggleSold(product)}
                  aria-label={`${sold ? 'Mark as available' : 'Mark as sold'}: ${product.title}`}
                >
                  {sold ? 'Mark as available' : 'Mark as sold'}
                </Button>
                <DeleteButton name={product.title} onClick={() => listings.askDelete(product)} />
              </>
            }
          />
        );
      }}
    >
      {editing ? (
        <ListingFormDialog
          open
          title={editing === 'new' ? 'List a product' : 'Edit product'}
          submitLabel={editing === 'new' ? 'List product' : 'Save changes'}
          categories={PRODUCT_CATEGORIES}
          titleField="title"
          initial={
            editing === 'new'
              ? undefined
              : {
                  title: editing.title,
                  description: editing.description,
                  price: editing.price,
                  category: editing.category,
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
