import { OutlinedField } from '@campus/shared';
import { useEarlyChoices } from '../hooks/useEarlyChoices';
import { listSortOf, SORT_OPTIONS } from '../utils/list-options';
import type { ListUrlState } from '../utils/list-url-state';
import { ApplyOnChangeForm } from './ApplyOnChangeForm';
import { CampusOptions } from './CampusOptions';

interface SortAndCampusProps {
  /** The list's URL state (sort and university are read from it). */
  state: ListUrlState;
  /** Called at once with the chosen sort or university. */
  onChange: (patch: Partial<Pick<ListUrlState, 'sort' | 'university'>>) => void;
  /** The other list parameters, kept as hidden fields (the form works without JavaScript). */
  keep: Record<string, string>;
}

/** The selects' element ids. */
const SORT_ID = 'list-sort';
const CAMPUS_ID = 'list-campus';

/** Props of a compact labelled native select (light and phone-friendly, like CategorySelect). */
const selectProps = {
  select: true,
  size: 'small',
  fullWidth: true,
  slotProps: { inputLabel: { shrink: true } },
} as const;

/**
 * The list header's order and campus controls (docs/product.md §20.2): "Sort by" (newest, price
 * low→high, high→low, most viewed) and "Campus" (every campus, "My campus" with the signed-in
 * user's university, then every KE university A-Z). A change applies at once (`?sort=`,
 * `?university=` in the URL with the other filters). Without JavaScript it is a `<form method=get>`
 * of the list's URL with an Apply button (the other parameters as hidden fields; docs/product.md §23.5).
 * The server renders the guest's choices; "My campus" appears after hydration for a signed-in user.
 * A choice made before hydration is applied once React runs (ADR 0032).
 */
export function SortAndCampus({ state, onChange, keep }: SortAndCampusProps) {
  useEarlyChoices(
    { sort: { id: SORT_ID, value: state.sort }, university: { id: CAMPUS_ID, value: state.university } },
    ({ sort, university }) =>
      onChange({
        ...(sort === undefined ? {} : { sort: listSortOf(sort) }),
        ...(university === undefined ? {} : { university }),
      }),
  );
  return (
    <ApplyOnChangeForm
      label="Sort and campus"
      keep={keep}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1.5 }}
    >
      <OutlinedField
        {...selectProps}
        id={SORT_ID}
        name="sort"
        label="Sort by"
        value={state.sort}
        onChange={(event) => onChange({ sort: listSortOf(event.target.value) })}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </OutlinedField>
      <OutlinedField
        {...selectProps}
        id={CAMPUS_ID}
        name="university"
        label="Campus"
        value={state.university}
        onChange={(event) => onChange({ university: event.target.value })}
      >
        <CampusOptions />
      </OutlinedField>
    </ApplyOnChangeForm>
  );
}
