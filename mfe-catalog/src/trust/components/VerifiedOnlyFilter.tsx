import { useEarlyTick } from '@campus/shared';
import { Box } from '@mui/material';
import { HiddenFields } from '../../common/components/HiddenFields';
import { NoScriptApply } from '../../common/components/NoScriptApply';

interface VerifiedOnlyFilterProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The other list parameters, kept as hidden fields (the form works without JavaScript). */
  keep: Record<string, string>;
}

/** The checkbox's element id (its tick before hydration is read by it). */
const VERIFIED_ONLY_ID = 'list-verified-only';

/**
 * "Verified students only" (docs/product.md §19.5): applies at once, kept in the URL as
 * `verifiedOnly=true` by the list page. A native checkbox, so a tap shows before the JavaScript
 * arrives; a tick made then is applied once React runs (ADR 0032), and without JavaScript it is a
 * `<form method=get>` of the list's URL with an Apply button (docs/product.md §23.5).
 */
export function VerifiedOnlyFilter({ checked, onChange, keep }: VerifiedOnlyFilterProps) {
  useEarlyTick(VERIFIED_ONLY_ID, (early) => {
    if (early !== checked) onChange(early);
  });
  return (
    <Box
      component="form"
      method="get"
      onSubmit={(event: React.FormEvent) => event.preventDefault()}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}
    >
      <HiddenFields keep={keep} />
      <Box
        component="label"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, cursor: 'pointer', minHeight: 44 }}
      >
        <Box
          component="input"
          type="checkbox"
          id={VERIFIED_ONLY_ID}
          name="verifiedOnly"
          value="true"
          checked={checked}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
          sx={{ width: 20, height: 20, m: 0, accentColor: (theme) => theme.palette.primary.main }}
        />
        Verified students only
      </Box>
      <NoScriptApply />
    </Box>
  );
}
