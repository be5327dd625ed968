import { NativeCheckbox } from '@campus/shared';
import { ApplyOnChangeForm } from '../../common/components/ApplyOnChangeForm';

interface VerifiedOnlyFilterProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The other list parameters, kept as hidden fields (the form works without JavaScript). */
  keep: Record<string, string>;
}

/**
 * "Verified students only" (docs/product.md §19.5): applies at once, kept in the URL as
 * `verifiedOnly=true` by the list page. A native checkbox, so a tap shows before the JavaScript
 * arrives; a tick made then is applied once React runs (ADR 0032), and without JavaScript it is a
 * `<form method=get>` of the list's URL with an Apply button (docs/product.md §23.5).
 */
export function VerifiedOnlyFilter({ checked, onChange, keep }: VerifiedOnlyFilterProps) {
  return (
    <ApplyOnChangeForm keep={keep} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
      <NativeCheckbox
        id="list-verified-only"
        name="verifiedOnly"
        value="true"
        label="Verified students only"
        checked={checked}
        onChange={onChange}
      />
    </ApplyOnChangeForm>
  );
}
