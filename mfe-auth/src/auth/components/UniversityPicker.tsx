import { OutlinedField, type University, useIsPhone } from '@campus/shared';
import {
  Box,
  Button,
  CircularProgress,
  InputAdornment,
  KeyboardArrowDownIcon,
  Paper,
  Typography,
} from '@mui/material';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';

export interface UniversityPickerProps {
  id: string;
  label: string;
  /** The picked university name, or '' when none is picked. */
  value: string;
  /** Called with the picked name, or '' when the text is edited after a pick. */
  onChange: (name: string) => void;
  onBlur?: () => void;
  options: University[];
  loading?: boolean;
  loadError?: boolean;
  onRetry?: () => void;
  error?: boolean;
  helperText?: string;
}

/** Case-insensitive substring filter (docs/product.md §2 "Signup form"). */
export function filterUniversities(options: University[], text: string): University[] {
  const query = text.trim().toLowerCase();
  if (!query) return options;
  return options.filter((option) => option.name.toLowerCase().includes(query));
}

/**
 * The searchable university dropdown of the signup form (docs/product.md §2 "Signup form", docs/product.md §9).
 *
 * - Opens on focus or typing; typed text filters by case-insensitive substring.
 * - Picking an item (click, or Enter on the highlighted one) sets the value and the search text
 *   to its name and closes the list. Typed text alone does not count: editing the text after a
 *   pick clears the value.
 * - The list scrolls with a maximum height of 15rem. On phones (below 768 px) opening it scrolls
 *   the field to the top of the screen and the list takes the height below it, so at least 6
 *   entries (44 px tall tap targets) show instead of 2.5 (docs/product.md §21.8).
 * - ARIA combobox pattern: the input is a `combobox` controlling a `listbox` of `option`s;
 *   ArrowDown/ArrowUp move the highlight (aria-activedescendant), Escape closes.
 */
export function UniversityPicker({
  id,
  label,
  value,
  onChange,
  onBlur,
  options,
  loading = false,
  loadError = false,
  onRetry,
  error = false,
  helperText,
}: UniversityPickerProps) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const isPhone = useIsPhone();
  const listId = `${id}-listbox`;
  const optionId = useId();
  const matches = useMemo(() => filterUniversities(options, text), [options, text]);

  // Follow an outside change of the value (e.g. a form reset).
  useEffect(() => {
    if (value) setText(value);
  }, [value]);

  // Keep the highlighted option in view while moving with the keyboard.
  useEffect(() => {
    if (!open || active < 0) return;
    const node = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    node?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  const openList = () => {
    setOpen(true);
    setActive(-1);
  };

  // On a phone, bring the field to the top so the list below it has the screen's height.
  useEffect(() => {
    if (open && isPhone) rootRef.current?.scrollIntoView?.({ block: 'start' });
  }, [open, isPhone]);

  const pick = (university: University) => {
    setText(university.name);
    onChange(university.name);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) openList();
      setActive((index) => Math.min(index + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      if (open && active >= 0 && matches[active]) {
        event.preventDefault();
        pick(matches[active]);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
      }
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const activeId = open && active >= 0 && matches[active] ? `${optionId}-${active}` : undefined;

  return (
    <Box ref={rootRef} sx={{ position: 'relative', scrollMarginTop: 8 }}>
      <OutlinedField
        id={id}
        label={label}
        value={text}
        fullWidth
        autoComplete="off"
        error={error}
        helperText={helperText}
        onFocus={openList}
        onClick={() => {
          if (!open) openList();
        }}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (value) onChange('');
        }}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-expanded': open,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': activeId,
            'aria-haspopup': 'listbox',
            'aria-required': true,
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <KeyboardArrowDownIcon
                  aria-hidden="true"
                  sx={{ transform: open ? 'rotate(180deg)' : 'none' }}
                />
              </InputAdornment>
            ),
          },
        }}
      />
      {open ? (
        <Paper
          elevation={6}
          sx={{ position: 'absolute', top: 56, left: 0, right: 0, zIndex: (theme) => theme.zIndex.modal }}
        >
          {loading ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }} role="status">
              <CircularProgress size={18} aria-hidden="true" />
              <Typography variant="body2">Loading universities...</Typography>
            </Box>
          ) : loadError ? (
            <Box sx={{ p: 2 }} role="alert">
              <Typography variant="body2" color="error">
                Could not load the list of universities.
              </Typography>
              {onRetry ? (
                <Button size="small" onMouseDown={(event) => event.preventDefault()} onClick={onRetry}>
                  Try again
                </Button>
              ) : null}
            </Box>
          ) : null}
          <Box
            component="ul"
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={label}
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              // docs/product.md §9: 15rem; on a phone the height under the field (at the top of the screen).
              maxHeight: isPhone ? 'max(15rem, calc(100dvh - 88px))' : '15rem',
              overflowY: 'auto',
            }}
          >
            {matches.map((university, index) => (
              <Box
                component="li"
                key={university.name}
                id={`${optionId}-${index}`}
                data-index={index}
                role="option"
                aria-selected={university.name === value}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(university)}
                onMouseEnter={() => setActive(index)}
                sx={{
                  px: 2,
                  py: 1,
                  minHeight: isPhone ? 44 : 'auto',
                  display: 'flex',
                  alignItems: 'center',
                  cursor: 'pointer',
                  bgcolor: index === active ? 'action.hover' : undefined,
                  fontWeight: university.name === value ? 600 : 400,
                }}
              >
                {university.name}
              </Box>
            ))}
          </Box>
          {!loading && !loadError && matches.length === 0 ? (
            <Typography variant="body2" sx={{ p: 2 }} color="text.secondary" role="status">
              No universities match "{text.trim()}"
            </Typography>
          ) : null}
        </Paper>
      ) : null}
    </Box>
  );
}
