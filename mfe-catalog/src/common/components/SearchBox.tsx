import { OutlinedField, releaseServerField, SEARCH_DEBOUNCE_MS, serverFieldValue } from '@campus/shared';
import { Box, IconButton, InputAdornment, SearchIcon } from '@mui/material';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { HiddenFields } from './HiddenFields';

/** The search input's id (one search box per list page). */
export const SEARCH_INPUT_ID = 'list-search';

interface SearchBoxProps {
  /** The committed search (from the URL); the box follows it when it changes (e.g. Back). */
  value: string;
  /** Called with the trimmed text 300 ms after the last keystroke, or at once on Enter. */
  onSearch: (value: string) => void;
  /** Visible label, e.g. 'Search products'. */
  label: string;
  /** Extra controls on the same sticky bar (e.g. the mobile 'Filters' button). */
  children?: ReactNode;
  /** Other list parameters a search keeps (hidden fields of the form, for use without JavaScript). */
  keep?: Record<string, string>;
}

/**
 * Sticky search bar (docs/product.md §2 "Sticky search box"): a `<form role="search">` whose text is sent
 * after the 300 ms debounce of docs/product.md §9 (SEARCH_DEBOUNCE_MS), or at once on Enter / the search
 * button. Without JavaScript it is a plain `<form method="get">` of the list's URL (`search` plus the
 * kept filters; docs/product.md §23.5). Text typed into the server's box before hydration is kept (the
 * box starts from the field's DOM value) and sent once React runs (ADR 0032).
 */
export function SearchBox({ value, onSearch, label, children, keep = {} }: SearchBoxProps) {
  const [text, setText] = useState(() => serverFieldValue(SEARCH_INPUT_ID, value));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ value, onSearch });
  latest.current = { value, onSearch };
  const mounted = useRef(false);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (trimmed !== latest.current.value) latest.current.onSearch(trimmed);
  };

  // The URL changed under us (Back, a link): show its search and drop any pending keystrokes.
  // On the first run: send what was typed before hydration, if anything.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `text` and `commit` are read on the first run only
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      releaseServerField(SEARCH_INPUT_ID);
      commit(text);
      return;
    }
    clearTimeout(timer.current);
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commit(text);
  };

  return (
    <Box
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        bgcolor: 'background.default',
        py: 1,
        mb: 2,
        display: 'flex',
        gap: 1,
        alignItems: 'center',
      }}
    >
      <Box component="form" role="search" method="get" onSubmit={onSubmit} sx={{ flex: 1 }}>
        <HiddenFields keep={keep} />
        <OutlinedField
          id={SEARCH_INPUT_ID}
          name="search"
          label={label}
          type="search"
          size="small"
          fullWidth
          value={text}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS);
          }}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton type="submit" aria-label="Search" edge="end" size="small">
                    <SearchIcon />
                  </IconButton>
                </InputAdornment>
              ),
            },
            htmlInput: { enterKeyHint: 'search', autoComplete: 'off' },
          }}
        />
      </Box>
      {children}
    </Box>
  );
}
