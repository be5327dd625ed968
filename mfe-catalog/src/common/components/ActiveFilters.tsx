import { formatKes, universityShortName } from '@campus/shared';
import { formatCourseCode } from '@campus/shared/course-codes';
import { Box, Button, Chip, Typography } from '@mui/material';
import { conditionLabel } from '../utils/list-options';
import type { ListFilters } from '../utils/list-url-state';

/** What can be cleared from a list: the search and the filters (campus and condition: docs/product.md §20). */
export type ClearableFilters = Pick<
  ListFilters,
  'search' | 'category' | 'minPrice' | 'maxPrice' | 'university' | 'condition'
> &
  Partial<Pick<ListFilters, 'course'>>;

export const NOTHING_ACTIVE: ClearableFilters = {
  search: '',
  category: '',
  minPrice: '',
  maxPrice: '',
  university: '',
  condition: '',
  course: '',
};

/** The chips of the active search and filters, in the order they appear in the form. */
export function activeFilterChips(state: ClearableFilters): { key: keyof ClearableFilters; label: string }[] {
  const chips: { key: keyof ClearableFilters; label: string }[] = [];
  if (state.search) chips.push({ key: 'search', label: `“${state.search}”` });
  if (state.category)
    chips.push({ key: 'category', label: state.category === 'other' ? 'Other' : state.category });
  if (state.minPrice) chips.push({ key: 'minPrice', label: `From ${formatKes(state.minPrice)}` });
  if (state.maxPrice) chips.push({ key: 'maxPrice', label: `Up to ${formatKes(state.maxPrice)}` });
  if (state.condition) chips.push({ key: 'condition', label: conditionLabel(state.condition) });
  if (state.university) chips.push({ key: 'university', label: universityShortName(state.university) });
  if (state.course) chips.push({ key: 'course', label: `Course ${formatCourseCode(state.course)}` });
  return chips;
}

/**
 * The active search and filters as chips under the search box, each removable, with 'Clear all'
 * beside them (docs/product.md §21.6: after Apply a phone showed no sign of what was active). Nothing
 * when no filter is set.
 */
export function ActiveFilters({
  state,
  onChange,
}: {
  state: ClearableFilters;
  /** Called with the fields to clear, e.g. `{category: ''}`, or all of them for 'Clear all'. */
  onChange: (patch: Partial<ClearableFilters>) => void;
}) {
  const chips = activeFilterChips(state);
  if (chips.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label="Active filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}
    >
      {chips.map((chip) => (
        <Chip
          key={chip.key}
          label={chip.label}
          // The whole chip is the 44 px tap target: a tap (or Enter, Backspace, Delete) removes it.
          aria-label={`Remove ${chip.label}`}
          onClick={() => onChange({ [chip.key]: '' })}
          onDelete={() => onChange({ [chip.key]: '' })}
          color="primary"
          variant="outlined"
        />
      ))}
      <Button size="small" onClick={() => onChange(NOTHING_ACTIVE)}>
        Clear all
      </Button>
    </Box>
  );
}

/**
 * A list's empty state (docs/product.md §2: 'No products found.' / 'No services found.', unchanged) with a
 * button that clears the search and filters when any is set (docs/product.md §21.6).
 */
export function EmptyListState({
  text,
  state,
  onClear,
}: {
  text: string;
  state: ClearableFilters;
  onClear: () => void;
}) {
  const filtered = activeFilterChips(state).length > 0;
  return (
    <Box sx={{ py: 4 }}>
      <Typography sx={{ mb: filtered ? 2 : 0 }}>{text}</Typography>
      {filtered ? (
        <Button variant="contained" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}
