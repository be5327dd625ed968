import { OutlinedField } from '@campus/shared';
import { Stack } from '@mui/material';

interface PriceFieldsProps {
  /** Raw input strings in KES ('' = no bound). */
  minPrice: string;
  maxPrice: string;
  onChange: (prices: { minPrice: string; maxPrice: string }) => void;
  /** Message shown under the max field (e.g. min > max), '' for none. */
  error?: string;
  /** Lay the two fields side by side instead of stacked. */
  row?: boolean;
  /**
   * Ids `<idPrefix>-minPrice` / `-maxPrice` and field names `minPrice` / `maxPrice` (the list URL's),
   * for a form that works without JavaScript; without it the ids are generated and there are no names.
   */
  idPrefix?: string;
}

/** Min and max price inputs in KES (docs/product.md §2 filters; docs/product.md §5 "filter prices are numeric inputs"). */
export function PriceFields({
  minPrice,
  maxPrice,
  onChange,
  error = '',
  row = false,
  idPrefix,
}: PriceFieldsProps) {
  const htmlInput = { min: 0, step: 'any', inputMode: 'decimal' as const };
  return (
    <Stack direction={row ? 'row' : 'column'} spacing={row ? 1 : 2}>
      <OutlinedField
        id={idPrefix ? `${idPrefix}-minPrice` : undefined}
        name={idPrefix ? 'minPrice' : undefined}
        label="Min price (Kes)"
        type="number"
        size="small"
        fullWidth
        value={minPrice}
        onChange={(event) => onChange({ minPrice: event.target.value, maxPrice })}
        slotProps={{ htmlInput }}
      />
      <OutlinedField
        id={idPrefix ? `${idPrefix}-maxPrice` : undefined}
        name={idPrefix ? 'maxPrice' : undefined}
        label="Max price (Kes)"
        type="number"
        size="small"
        fullWidth
        value={maxPrice}
        onChange={(event) => onChange({ minPrice, maxPrice: event.target.value })}
        error={Boolean(error)}
        helperText={error || undefined}
        slotProps={{ htmlInput }}
      />
    </Stack>
  );
}
