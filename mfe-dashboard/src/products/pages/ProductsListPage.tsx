import { apiErrorMessage, PRODUCT_CATEGORIES, type Product, usePageMeta } from '@campus/shared';
import {
  AddIcon,
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  DeleteIcon,
  EditIcon,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { ListingFormDialog } from '../../common/components/ListingFormDialog';
import { ListingRow } from '../../common/components/ListingRow';
import { useMyList } from '../../common/hooks/useMyList';
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
  const { items, loading, error, reload, setItems } = useMyList(getMyProducts);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

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

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusyId(deleting._id);
    try {
      await deleteProduct(deleting._id);
      setItems((list) => list.filter((item) => item._id !== deleting._id));
      enqueueSnackbar(PRODUCT_DELETED, { variant: 'success' });
      setDeleting(null);
    } catch (failure) {
      enqueueSnackbar(apiErrorMessage(failure, 'Failed to delete the product. Please try again.'), {
        variant: 'error',
      });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h4" component="h1">
          My products
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Add a product
        </Button>
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
          <CircularProgress aria-label="Loading your products" />
        </Box>
      ) : null}
      {!loading && !error && items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography component="h2" variant="h6" gutterBottom>
            You have not listed any products yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Textbooks, a calculator, a bicycle you no longer ride: students on your campus are looking for
            them.
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            List your first product
          </Button>
        </Paper>
      ) : null}
      {items.length > 0 ? (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="My products">
          {items.map((product) => {
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
                    <Chip
                      size="small"
                      label={sold ? 'Sold' : 'Available'}
                      color={sold ? 'default' : 'success'}
                    />
                    <Typography variant="caption" color="text.secondary">
                      {product.views ?? 0} views · {product.category === 'other' ? 'Other' : product.category}
                    </Typography>
                  </Stack>
                }
                actions={
                  <>
                    <Button
                      size="small"
                      startIcon={<EditIcon />}
                      onClick={() => setEditing(product)}
                      aria-label={`Edit ${product.title}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={busyId === product._id}
                      onClick={() => void toggleSold(product)}
                      aria-label={`${sold ? 'Mark as available' : 'Mark as sold'}: ${product.title}`}
                    >
                      {sold ? 'Mark as available' : 'Mark as sold'}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteIcon />}
                      onClick={() => setDeleting(product)}
                      aria-label={`Delete ${product.title}`}
                    >
                      Delete
                    </Button>
                  </>
                }
              />
            );
          })}
        </Stack>
      ) : null}
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
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this product?"
        message={deleting ? `“${deleting.title}” and its photos will be removed for good.` : ''}
        confirmLabel="Delete"
        busy={deleting !== null && busyId === deleting._id}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
