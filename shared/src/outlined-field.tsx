import {
  FormControl,
  FormHelperText,
  InputLabel,
  NativeSelect,
  OutlinedInput,
  type SxProps,
  type Theme,
} from '@mui/material';
import {
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
} from 'react';

/** Attributes passed to the `<input>` / `<select>` itself (TextField's `slotProps.htmlInput`). */
type HtmlInputProps = InputHTMLAttributes<HTMLInputElement> &
  SelectHTMLAttributes<HTMLSelectElement> & { [data: `data-${string}`]: string | undefined };

/** Props of {@link OutlinedField}: the subset of MUI `TextField`'s props the site's first views use. */
export interface OutlinedFieldProps {
  /** The input's id; the label and helper text point at it. Default: a generated one. */
  id?: string;
  name?: string;
  label: ReactNode;
  value: string | number;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onClick?: (event: MouseEvent<HTMLDivElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** A `<textarea>` that grows with its text, at least `minRows` lines (text fields only). */
  multiline?: boolean;
  minRows?: number;
  /** The `<input type>` (text fields only). */
  type?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
  /** A native `<select>` whose `<option>`s are `children` (phones show their own picker). */
  select?: boolean;
  children?: ReactNode;
  sx?: SxProps<Theme>;
  slotProps?: {
    input?: { startAdornment?: ReactNode; endAdornment?: ReactNode };
    /** Its `aria-describedby`, when given, replaces the helper text's (include it yourself). */
    htmlInput?: HtmlInputProps;
    inputLabel?: { shrink?: boolean };
  };
}

/**
 * An outlined text field or native select for first views (docs/product.md §23): MUI's own FormControl,
 * InputLabel, OutlinedInput (or NativeSelect) and FormHelperText, put together as `<TextField>`
 * does, with the same look, label-to-input binding (`htmlFor` = the input's id) and helper text
 * tied by `aria-describedby`, a multiline `<textarea>` too. What it leaves out is TextField's static import of MUI's Select,
 * which pulls Menu, Popover and MenuList into every bundle that shows a text field (~13 KB
 * brotli of the host's main.js) although a first view never opens them. TextField itself lives
 * in `@campus/mui-overlays` for the forms of pages loaded on demand.
 */
export function OutlinedField({
  id: givenId,
  name,
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  onClick,
  onKeyDown,
  multiline,
  minRows,
  type,
  size,
  fullWidth,
  required,
  disabled,
  error,
  helperText,
  placeholder,
  autoComplete,
  select = false,
  children,
  sx,
  slotProps,
}: OutlinedFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const shrink = slotProps?.inputLabel?.shrink;
  const htmlInput = {
    ...slotProps?.htmlInput,
    'aria-describedby': slotProps?.htmlInput?.['aria-describedby'] ?? helperTextId,
  };
  // TextField notches the outline for a label that is told to stay up (`shrink`).
  const outlined = <OutlinedInput label={label} notched={shrink} />;
  return (
    <FormControl
      variant="outlined"
      size={size}
      fullWidth={fullWidth}
      required={required}
      disabled={disabled}
      error={error}
      sx={sx}
    >
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrink}>
        {label}
      </InputLabel>
      {select ? (
        <NativeSelect
          id={id}
          name={name}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          input={outlined}
          inputProps={htmlInput}
        >
          {children}
        </NativeSelect>
      ) : (
        <OutlinedInput
          id={id}
          name={name}
          type={type}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          onFocus={onFocus}
          onClick={onClick}
          onKeyDown={onKeyDown}
          multiline={multiline}
          minRows={minRows}
          label={label}
          notched={shrink}
          placeholder={placeholder}
          autoComplete={autoComplete}
          startAdornment={slotProps?.input?.startAdornment}
          endAdornment={slotProps?.input?.endAdornment}
          inputProps={htmlInput}
        />
      )}
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
