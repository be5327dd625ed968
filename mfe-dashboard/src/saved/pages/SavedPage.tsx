import { apiErrorMessage, formatKes, usePageMeta, useSnackbar } from '@campus/shared';
import { Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadFailedAlert, PageSpinner } from '../../common/components/LoadStates';
import { useReloadable } from '../../common/hooks/useReloadable';
import {
  type Favourite,
  favouriteListingIds,
  getFavouriteIds,
  getFavourites,
  removeFavourite,
} from '../api/favourites-api';

/** A saved item with its listing's id (undefined when it cannot be known). */
interface Saved {
  favourite: Favourite;
  id: string | undefined;
}

export const SAVED_HEADING = 'Saved items';
export const UNAVAILABLE_LABEL = 'No longer available';
export const REMOVED_TOAST = 'Removed from saved items';
export const REMOVE_FAILED = 'Could not remove the item. Please try again.';
export const LOAD_FAILED = 'Could not load your saved items. Check your connection and try again.';

/** The item's title (a product's title, a service's name). */
function favouriteTitle(favourite: Favourite): string | undefined {
  if (!favourite.item) return undefined;
  return favourite.kind === 'products' ? favourite.item.title : favourite.item.name;
}

/** One saved item: picture, title linking to its page, price in KES, its state, and 'Remove'. */
function SavedCard({
  saved: { favourite, id },
  busy,
  onRemove,
}: {
  saved: Saved;
  busy: boolean;
  onRemove: () => void;
}) {
  const { item, kind, available } = favourite;
  const title = favouriteTitle(favourite) ?? 'A listing that was removed';
  const picture = item?.coverThumbnail ?? item?.coverImage ?? null;
  const reserved = available && kind === 'products' && favourite.item?.status === 'reserved';
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Box
        component={picture ? 'img' : 'div'}
        src={picture ?? undefined}
        alt=""
        loading="lazy"
        sx={{
          width: '100%',
          aspectRatio: '4 / 3',
          objectFit: 'cover',
          display: 'block',
          bgcolor: 'grey.200',
          // A sold or removed item is greyed, its text says why (colour is never the only cue).
          filter: available ? undefined : 'grayscale(1)',
          opacity: available ? 1 : 0.6,
        }}
      />
      <Stack spacing={0.5} sx={{ p: 1.5, flex: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {kind === 'products' ? 'Product' : 'Service'}
        </Typography>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {item && id ? (
            <Link component={RouterLink} to={`/${kind}/${id}`} underline="hover" color="inherit">
              {title}
            </Link>
          ) : (
            title
          )}
        </Typography>
        {item ? (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {formatKes(item.price)}
          </Typography>
        ) : null}
        {!available ? (
          <Chip size="small" label={UNAVAILABLE_LABEL} sx={{ alignSelf: 'flex-start' }} />
        ) : reserved ? (
          <Chip size="small" color="warning" label="Reserved" sx={{ alignSelf: 'flex-start' }} />
        ) : null}
        <Box sx={{ flex: 1 }} />
        {id ? (
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={onRemove}
            aria-label={`Remove ${title} from saved items`}
            sx={{ alignSelf: 'flex-start', mt: 1 }}
          >
            Remove
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** My saved items, each with its listing's id (a removed one's from the saved ids). */
async function loadSaved(): Promise<Saved[]> {
  const next = await getFavourites();
  // A removed listing comes without its id: the saved ids (same rows, same order) give it,
  // so it can be removed from the list too.
  const ids = next.some((favourite) => !favourite.item)
    ? favouriteListingIds(next, await getFavouriteIds())
    : next.map((favourite) => favourite.item?._id);
  return next.map((favourite, index) => ({ favourite, id: ids[index] }));
}

/**
 * /app/saved (docs/product.md §20.1): my saved products and services, newest first, as cards with
 * picture, title linking to the item, price in KES; sold or removed ones greyed with 'No longer
 * available' (a removed one's id comes from `GET /favourites/ids`); 'Remove' unsaves one
 * (`DELETE /favourites/:kind/:id`, a toast either way); an empty
 * state pointing to the products and services; an error line with 'Try again'. Any signed-in user.
 */
export default function SavedPage() {
  usePageMeta(SAVED_HEADING);
  const { enqueueSnackbar } = useSnackbar();
  const {
    data: favourites,
    setData: setFavourites,
    loading,
    failed,
    reload: load,
  } = useReloadable(loadSaved, [] as Saved[]);
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const remove = async (saved: Saved) => {
    const { favourite, id } = saved;
    if (!id) return;
    const key = `${favourite.kind}/${id}`;
    setBusyKey(key);
    try {
      await removeFavourite(favourite.kind, id);
      setFavourites((list) => list.filter((entry) => entry !== saved));
      enqueueSnackbar(REMOVED_TOAST, { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(apiErrorMessage(failure, REMOVE_FAILED), { variant: 'error' });
    } finally {
      setBusyKey(null);
    }
  };

  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {SAVED_HEADING}
      </Typography>
      {failed ? <LoadFailedAlert text={LOAD_FAILED} onRetry={() => void load()} /> : null}
      {loading && favourites.length === 0 ? <PageSpinner label="Loading your saved items" /> : null}
      {!loading && !failed && favourites.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography component="h2" variant="h6" gutterBottom>
            Nothing saved yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Tap the heart on a product or service to keep it here and come back to it later.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to="/products" variant="contained">
              Browse products
            </Button>
            <Button component={RouterLink} to="/services" variant="outlined">
              Browse services
            </Button>
          </Stack>
        </Paper>
      ) : null}
      {favourites.length > 0 ? (
        <Box
          component="ul"
          aria-label={SAVED_HEADING}
          sx={{
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            // Two cards a row on a 360 px phone, more on wider screens.
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(3, 1fr)',
              md: 'repeat(4, 1fr)',
            },
          }}
        >
          {favourites.map((saved) => {
            const key = `${saved.favourite.kind}/${saved.id ?? saved.favourite.savedAt}`;
            return (
              <SavedCard key={key} saved={saved} busy={busyKey === key} onRemove={() => void remove(saved)} />
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}
