import { TextField } from '@campus/mui-overlays';
import { apiErrorMessage, usePageMeta, useSnackbar } from '@campus/shared';
import { Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadFailedAlert, PageSpinner } from '../../common/components/LoadStates';
import { useReloadable } from '../../common/hooks/useReloadable';
import {
  deleteSavedSearch,
  editSavedSearch,
  getSavedSearches,
  type SavedSearch,
  type SavedSearchAlert,
} from '../api/saved-searches-api';

export const SAVED_SEARCHES_HEADING = 'Saved searches';
export const LOAD_FAILED = 'Could not load your saved searches. Check your connection and try again.';
export const CHANGE_FAILED = 'Could not save the change. Please try again.';
/** The alert choices as the student reads them (docs/product.md §30). */
export const ALERT_LABELS: Record<SavedSearchAlert, string> = {
  instant: 'Instantly (at most one e-mail per 15 minutes)',
  daily: 'Daily at 18:00',
  off: 'Off',
};

/** One saved search: name (opens its list), new matches, alert choice, rename and delete. */
function SavedSearchRow({
  search,
  onChange,
  onDelete,
  onOpen,
}: {
  search: SavedSearch;
  onChange: (changes: { name?: string; alert?: SavedSearchAlert }) => Promise<boolean>;
  onDelete: () => void;
  onOpen: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    if (await onChange({ name: trimmed })) setRenaming(false);
  };
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={search.listUrl} onClick={onOpen} underline="hover">
              {search.name}
            </Link>
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {search.kind === 'products' ? 'Products' : 'Services'}
          </Typography>
          <Chip
            size="small"
            color={search.newMatches > 0 ? 'primary' : 'default'}
            label={`${search.newMatches} new`}
          />
        </Stack>
        {renaming ? (
          <Box component="form" onSubmit={rename} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            <Button type="submit" variant="contained" size="small">
              Save name
            </Button>
          </Box>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={`Alerts for ${search.name}`}
            value={search.alert}
            onChange={(event) => void onChange({ alert: event.target.value as SavedSearchAlert })}
            slotProps={{ select: { native: true } }}
            sx={{ minWidth: 260 }}
          >
            {(Object.keys(ALERT_LABELS) as SavedSearchAlert[]).map((alert) => (
              <option key={alert} value={alert}>
                {ALERT_LABELS[alert]}
              </option>
            ))}
          </TextField>
          <Button size="small" onClick={() => setRenaming((on) => !on)} aria-label={`Rename ${search.name}`}>
            Rename
          </Button>
          <Button size="small" color="error" onClick={onDelete} aria-label={`Delete ${search.name}`}>
            Delete
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * /app/saved-searches (docs/product.md §30): my saved searches with their new-match counts; a
 * name opens the list (and marks the matches seen), alerts instant / daily / off, rename, delete.
 */
export default function SavedSearchesPage() {
  usePageMeta(SAVED_SEARCHES_HEADING);
  const { enqueueSnackbar } = useSnackbar();
  const {
    data: searches,
    setData: setSearches,
    loading,
    failed,
    reload: load,
  } = useReloadable(getSavedSearches, [] as SavedSearch[]);

  const replace = (next: SavedSearch) =>
    setSearches((list) => list.map((entry) => (entry._id === next._id ? next : entry)));

  const change = async (search: SavedSearch, changes: { name?: string; alert?: SavedSearchAlert }) => {
    try {
      replace(await editSavedSearch(search._id, changes));
      enqueueSnackbar('Saved', { variant: 'success' });
      return true;
    } catch (failure) {
      enqueueSnackbar(apiErrorMessage(failure, CHANGE_FAILED), { variant: 'error' });
      return false;
    }
  };

  const remove = async (search: SavedSearch) => {
    try {
      await deleteSavedSearch(search._id);
      setSearches((list) => list.filter((entry) => entry._id !== search._id));
      enqueueSnackbar('Saved search deleted', { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(apiErrorMessage(failure, CHANGE_FAILED), { variant: 'error' });
    }
  };

  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {SAVED_SEARCHES_HEADING}
      </Typography>
      {failed ? <LoadFailedAlert text={LOAD_FAILED} onRetry={() => void load()} /> : null}
      {loading && searches.length === 0 ? <PageSpinner label="Loading your saved searches" /> : null}
      {!loading && !failed && searches.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography component="h2" variant="h6" gutterBottom>
            No saved searches yet
          </Typography>
          <Typography color="text.secondary">
            Search the products or services and tap "Save this search" to hear when something new is listed.
          </Typography>
        </Paper>
      ) : null}
      {searches.length > 0 ? (
        <Stack component="ul" spacing={1.5} aria-label={SAVED_SEARCHES_HEADING} sx={{ p: 0, m: 0 }}>
          {searches.map((search) => (
            <SavedSearchRow
              key={search._id}
              search={search}
              onChange={(changes) => change(search, changes)}
              onDelete={() => void remove(search)}
              onOpen={() => void editSavedSearch(search._id, { seen: true }).catch(() => {})}
            />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
