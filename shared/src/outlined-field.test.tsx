import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { OutlinedField } from './outlined-field';

function TextExample({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <OutlinedField
      label="Max price (Kes)"
      type="number"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      required
      slotProps={{ htmlInput: { min: 0, inputMode: 'decimal' } }}
    />
  );
}

function SelectExample({ onPick }: { onPick: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <OutlinedField
      select
      label="Category"
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        onPick(event.target.value);
      }}
      slotProps={{ inputLabel: { shrink: true } }}
    >
      <option value="">All categories</option>
      <option value="Electronics">Electronics</option>
    </OutlinedField>
  );
}

describe('OutlinedField (§23: a first view text field without Select/Menu)', () => {
  it('binds its label to the input, passes the html attributes, and types like a TextField', async () => {
    render(<TextExample />);
    const input = screen.getByRole('spinbutton', { name: /Max price \(Kes\)/ });
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toBeRequired();
    expect(input).not.toHaveAttribute('aria-describedby');
    await userEvent.type(input, '2500');
    expect(input).toHaveValue(2500);
  });

  it('ties its helper text to the input and marks it invalid', () => {
    render(<TextExample error="Max price must be at least the min price" />);
    const input = screen.getByRole('spinbutton', { name: /Max price/ });
    expect(input).toHaveAccessibleDescription('Max price must be at least the min price');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('is a native select with its options when `select` is set', async () => {
    const picked: string[] = [];
    render(<SelectExample onPick={(value) => picked.push(value)} />);
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(select.tagName).toBe('SELECT');
    await userEvent.selectOptions(select, 'Electronics');
    expect(picked).toEqual(['Electronics']);
    expect(select).toHaveValue('Electronics');
  });
});
