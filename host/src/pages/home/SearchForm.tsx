import { OutlinedField } from '@campus/shared';
import { Button, Paper, SearchIcon } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';

/** Where a search goes: `/products?search=<text>`, or `/products` for empty text. */
export function productsSearchPath(text: string): string {
  const search = text.trim();
  return search ? `/products?${new URLSearchParams({ search })}` : '/products';
}

/**
 * The home page search box: a real `<form role="search">` (Enter submits) that opens the
 * products list filtered by the typed words.
 */
export function SearchForm() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(productsSearchPath(text));
  };
  return (
    <Paper
      component="form"
      role="search"
      aria-label="Products"
      onSubmit={submit}
      elevation={0}
      sx={{ display: 'flex', gap: 1, p: 1, maxWidth: 560, alignItems: 'center' }}
    >
      <OutlinedField
        id={`${id}-search`}
        label="Search products"
        placeholder="e.g. calculator, mattress"
        type="search"
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{ htmlInput: { maxLength: 100, enterKeyHint: 'search' } }}
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
        Search
      </Button>
    </Paper>
  );
}
