import { Dialog, DialogActions, DialogContent, DialogTitle } from '@campus/mui-overlays';
import { SERVICE_CATEGORIES } from '@campus/shared';
import { Button, Stack } from '@mui/material';
import type { Dispatch, FormEvent, SetStateAction } from 'react';
import { CategorySelect } from '../../common/components/CategorySelect';
import type { ListFilterValues } from '../../common/components/ListFilterForm';
import { PriceFields } from '../../common/components/PriceFields';

interface ServicePriceFiltersDialogProps {
  open: boolean;
  /** The filters being edited (not applied until 'Apply'). */
  draft: ListFilterValues;
  setDraft: Dispatch<SetStateAction<ListFilterValues>>;
  /** The price fields' message (min above max), '' when none. */
  error: string;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}

/**
 * The 'Price Filters' modal of {@link ServicePriceFilters} (docs/product.md §2 "Services list"): category,
 * min and max price, 'Cancel' and 'Apply'. Its own module, so its code (and MUI's Dialog) is
 * downloaded when the Filters button is first pressed, not with the list (docs/product.md §23).
 */
export function ServicePriceFiltersDialog({
  open,
  draft,
  setDraft,
  error,
  onSubmit,
  onCancel,
}: ServicePriceFiltersDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="xs">
      <form onSubmit={onSubmit}>
        <DialogTitle>Price Filters</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <CategorySelect
              value={draft.category}
              onChange={(value) => setDraft((current) => ({ ...current, category: value }))}
              categories={SERVICE_CATEGORIES}
            />
            <PriceFields
              minPrice={draft.minPrice}
              maxPrice={draft.maxPrice}
              onChange={(prices) => setDraft((current) => ({ ...current, ...prices }))}
              error={error}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained">
            Apply
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
