import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FilterListIcon,
  Stack,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { PriceFields } from '../../common/components/PriceFields';
import { cleanPrice, priceRangeError } from '../../common/utils/list-url-state';

/** Price bounds in KES as input strings ('' = unset). */
export interface PriceRange {
  minPrice: string;
  maxPrice: string;
}

interface ServicePriceFiltersProps {
  /** The bounds in force (from the URL). */
  applied: PriceRange;
  onApply: (range: PriceRange) => void;
  /** true: a 'Filters' button opening the 'Price Filters' modal (below 768 px); false: inline. */
  mobile: boolean;
}

/**
 * Price filters of the services list (spec 2 "Services list"): min and max price and 'Apply
 * Filters' inline on desktop (with 'Clear Filters' while a bound is set); on mobile a 'Filters'
 * button opens a modal titled 'Price Filters' with 'Cancel' (discards the edits) and 'Apply'.
 */
export function ServicePriceFilters({ applied, onApply, mobile }: ServicePriceFiltersProps) {
  const [draft, setDraft] = useState(applied);
  const [open, setOpen] = useState(false);
  const { minPrice, maxPrice } = applied;
  useEffect(() => setDraft({ minPrice, maxPrice }), [minPrice, maxPrice]);

  const error = priceRangeError(cleanPrice(draft.minPrice), cleanPrice(draft.maxPrice));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (error) return;
    onApply({ minPrice: cleanPrice(draft.minPrice), maxPrice: cleanPrice(draft.maxPrice) });
    setOpen(false);
  };
  const fields = (
    <PriceFields
      minPrice={draft.minPrice}
      maxPrice={draft.maxPrice}
      onChange={setDraft}
      error={error}
      row={!mobile}
    />
  );

  if (!mobile) {
    return (
      <Stack
        component="form"
        aria-label="Price filters"
        onSubmit={onSubmit}
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start', mb: 2 }}
      >
        {fields}
        <Button type="submit" variant="contained" sx={{ flexShrink: 0 }}>
          Apply Filters
        </Button>
        {minPrice || maxPrice ? (
          <Button
            variant="outlined"
            sx={{ flexShrink: 0 }}
            onClick={() => onApply({ minPrice: '', maxPrice: '' })}
          >
            Clear Filters
          </Button>
        ) : null}
      </Stack>
    );
  }

  const cancel = () => {
    setDraft({ minPrice, maxPrice });
    setOpen(false);
  };
  return (
    <>
      <Button
        variant={minPrice || maxPrice ? 'contained' : 'outlined'}
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
            <Stack sx={{ pt: 1 }}>{fields}</Stack>
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
