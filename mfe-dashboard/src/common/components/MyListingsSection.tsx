import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { MyListings } from '../hooks/useMyListings';
import { ConfirmDialog } from './ConfirmDialog';

interface MyListingsSectionProps<T extends { _id: string }> {
  /** The page's h1, also the list's accessible name, e.g. 'My products'. */
  heading: string;
  /** The create button or link beside the heading. */
  createAction: ReactNode;
  /** The spinner's accessible name, e.g. 'Loading your products'. */
  loadingLabel: string;
  /** The empty state: its h2, a line of text and a create button or link. */
  emptyTitle: string;
  emptyText: string;
  emptyAction: ReactNode;
  /** The list state from `useMyListings`. */
  listings: MyListings<T>;
  /** One `<li>` row (with its key) per item. */
  renderItem: (item: T) => ReactNode;
  /** The delete confirmation's title and text, e.g. 'Delete this product?'. */
  deleteTitle: string;
  deleteMessage: (item: T) => string;
  /** The page's create/edit dialog, when open. */
  children?: ReactNode;
}

/**
 * The body of a "my listings" page (docs/product.md §4 "Lists"): heading with a create action, an error line
 * with 'Try again', a spinner while the first load runs, an empty state, the list of rows, the
 * page's own dialog and the delete confirmation.
 */
export function MyListingsSection<T extends { _id: string }>({
  heading,
  createAction,
  loadingLabel,
  emptyTitle,
  emptyText,
  emptyAction,
  listings,
  renderItem,
  deleteTitle,
  deleteMessage,
  children,
}: MyListingsSectionProps<T>) {
  const { items, loading, error, reload, deleting, busyId } = listings;
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h1">{heading}</Typography>
        {createAction}
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
          <CircularProgress aria-label={loadingLabel} />
        </Box>
      ) : null}
      {!loading && !error && items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography component="h2" variant="h6" gutterBottom>
            {emptyTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {emptyText}
          </Typography>
          {emptyAction}
        </Paper>
      ) : null}
      {items.length > 0 ? (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={heading}>
          {items.map((item) => renderItem(item))}
        </Stack>
      ) : null}
      {children}
      <ConfirmDialog
        open={deleting !== null}
        title={deleteTitle}
        message={deleting ? deleteMessage(deleting) : ''}
        confirmLabel="Delete"
        busy={deleting !== null && busyId === deleting._id}
        onConfirm={() => void listings.confirmDelete()}
        onClose={listings.cancelDelete}
      />
    </Box>
  );
}
