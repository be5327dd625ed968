import { Checkbox, FormControlLabel } from '@mui/material';

interface VerifiedOnlyFilterProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * "Verified students only" (docs/product.md §19.5): applies at once, kept in the URL as
 * `verifiedOnly=true` by the list page.
 */
export function VerifiedOnlyFilter({ checked, onChange }: VerifiedOnlyFilterProps) {
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label="Verified students only"
    />
  );
}
