import { Button } from '@mui/material';

/**
 * An 'Apply' submit button shown only without JavaScript, for a filter form whose selects apply on
 * change once the page is live (ADR 0032: controls work before and without JavaScript).
 */
export function NoScriptApply() {
  return (
    <noscript>
      <Button type="submit" variant="outlined">
        Apply
      </Button>
    </noscript>
  );
}
