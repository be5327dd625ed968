import { OutlinedField } from '@campus/shared';

interface CategorySelectProps {
  /** Selected category, '' for all. */
  value: string;
  onChange: (category: string) => void;
  /** The 11 product or service categories (docs/product.md §3). */
  categories: readonly string[];
  label?: string;
  /** The select's id and form field name (`category`), for a form that works without JavaScript. */
  id?: string;
  name?: string;
}

/** Category picker: a labelled native select (light and phone-friendly) with 'All categories' first. */
export function CategorySelect({
  value,
  onChange,
  categories,
  label = 'Category',
  id,
  name,
}: CategorySelectProps) {
  return (
    <OutlinedField
      select
      id={id}
      name={name}
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
