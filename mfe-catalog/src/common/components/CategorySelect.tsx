import { OutlinedField } from '@campus/shared';

interface CategorySelectProps {
  /** Selected category, '' for all. */
  value: string;
  onChange: (category: string) => void;
  /** The 11 product or service categories (docs/product.md §3). */
  categories: readonly string[];
  label?: string;
}

/** Category picker: a labelled native select (light and phone-friendly) with 'All categories' first. */
export function CategorySelect({ value, onChange, categories, label = 'Category' }: CategorySelectProps) {
  return (
    <OutlinedField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      fullWidth
      slotProps={{ inputLabel: { shrink: true } }}
    >
      <option value="">All categories</option>
      {categories.map((category) => (
        <option key={category} value={category}>
          {category === 'other' ? 'Other' : category}
        </option>
      ))}
    </OutlinedField>
  );
}
