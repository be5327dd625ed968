import { OutlinedField } from '@campus/shared';
import { ApplyOnChangeForm } from '../../common/components/ApplyOnChangeForm';
import { CampusOptions } from '../../common/components/CampusOptions';
import { useEarlyChoices } from '../../common/hooks/useEarlyChoices';

/** The select's element id. */
const CAMPUS_ID = 'events-campus';

interface CampusFilterProps {
  /** The chosen university (full name), '' = every campus. */
  value: string;
  onChange: (university: string) => void;
}

/**
 * The events page's university filter (docs/product.md §20.9): "All campuses", "My campus" for a
 * signed-in user, then every KE university A-Z; applies at once. Without JavaScript it is a
 * `<form method=get>` with an Apply button. A campus picked before hydration is applied once React
 * runs (ADR 0032).
 */
export function CampusFilter({ value, onChange }: CampusFilterProps) {
  useEarlyChoices({ university: { id: CAMPUS_ID, value } }, ({ university }) => {
    if (university !== undefined) onChange(university);
  });
  return (
    <ApplyOnChangeForm
      label="Filter events"
      sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2, maxWidth: 480 }}
    >
      <OutlinedField
        select
        id={CAMPUS_ID}
        name="university"
        label="Campus"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        size="small"
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
      >
        <CampusOptions />
      </OutlinedField>
    </ApplyOnChangeForm>
  );
}
