import { SERVICE_CATEGORIES } from '@campus/shared';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FilterListIcon,
  Stack,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { CategorySelect } from '../../common/components/CategorySelect';
import { type ListFilterValues, useFilterDraft } from '../../common/components/ListFilterForm';
import { PriceFields } from '../../common/components/PriceFields';
import { hasFilters } from '../../common/utils/list-url-state';

interface ServicePriceFiltersProps {
  /** The filters in force (from the URL). */
  applied: ListFilterValues;
  onApply: (filters: ListFilterValues) => void;
}

/**
 * The services' filters below 768 px (spec 2 "Services list"): a 'Filters' button opening a modal
 * titled 'Price Filters' with the category (where the products' drawer has it, issue 14 item
 * 14), min and max price, 'Cancel' (discards the edits) and 'Apply'.
 */
export function ServicePriceFilters({ applied, onApply }: ServicePriceFiltersProps) {
  const { draft, setDraft, error, submit, reset } = useFilterDraft(applied, onApply);
  const [open, setOpen] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit()) setOpen(false);
  };
  const cancel = () => {
    reset();
    setOpen(false);
  };
  return (
    <>
      <Button
        variant={hasFilters(applied) ? 'contained' : 'outlined'}
        startIcon={<FilterListIcon />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        sx={{ flexShrink: 0 }}
      >
        Filters
      </Button>
      <Dialog open={open} onClose={cancel} fullWidth maxWidth="xs">
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
            <Button onClick={cancel}>Cancel</Button>
            <Button type="submit" variant="contained">
              Apply
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
