import { lazyPanel, MountWhenOpened, TAP_REPLAY } from '@campus/shared';
import { Button, FilterListIcon } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { type ListFilterValues, useFilterDraft } from '../../common/components/ListFilterForm';
import { hasFilters } from '../../common/utils/list-url-state';

// The modal (and MUI's Dialog) downloads when Filters is first pressed (docs/product.md §23).
const ServicePriceFiltersDialog = lazyPanel(() =>
  import('./ServicePriceFiltersDialog').then((m) => m.ServicePriceFiltersDialog),
);

interface ServicePriceFiltersProps {
  /** The filters in force (from the URL). */
  applied: ListFilterValues;
  onApply: (filters: ListFilterValues) => void;
}

/**
 * The services' filters below 768 px (docs/product.md §2 "Services list"): a 'Filters' button opening a modal
 * titled 'Price Filters' with the category (where the products' drawer has it, docs/product.md §21 item
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
        {...TAP_REPLAY}
        sx={{ flexShrink: 0 }}
      >
        Filters
      </Button>
      <MountWhenOpened open={open}>
        <ServicePriceFiltersDialog
          open={open}
          draft={draft}
          setDraft={setDraft}
          error={error}
          onSubmit={onSubmit}
          onCancel={cancel}
        />
      </MountWhenOpened>
    </>
  );
}
