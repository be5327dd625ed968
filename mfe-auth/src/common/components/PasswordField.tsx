import { OutlinedField, type OutlinedFieldProps } from '@campus/shared';
import { FormHelperText, IconButton, InputAdornment, VisibilityIcon, VisibilityOffIcon } from '@mui/material';
import { type ReactNode, useState } from 'react';

export type PasswordFieldProps = Omit<OutlinedFieldProps, 'type' | 'label'> & {
  label: string;
  /** Extra lines under the field, always shown (e.g. the minimum-length hint), with ids for aria-describedby. */
  hints?: { id: string; content: ReactNode }[];
};

/**
 * A password text field with a show/hide toggle (docs/product.md §2 "Login form", "Signup form"). The toggle
 * is an icon button named 'Show <label>' / 'Hide <label>' (lower-cased label), e.g. 'Show password'.
 */
export function PasswordField({
  label,
  hints = [],
  slotProps,
  helperText,
  id,
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const name = label.toLowerCase();
  const helperId = helperText && id ? `${id}-helper-text` : undefined;
  const describedBy = [helperId, ...hints.map((hint) => hint.id)].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <OutlinedField
        {...props}
        id={id}
        label={label}
        type={visible ? 'text' : 'password'}
        helperText={helperText}
        slotProps={{
          ...slotProps,
          htmlInput: { ...slotProps?.htmlInput, 'aria-describedby': describedBy },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={visible ? `Hide ${name}` : `Show ${name}`}
                  aria-pressed={visible}
                  onClick={() => setVisible((shown) => !shown)}
                  onMouseDown={(event) => event.preventDefault()}
                  edge="end"
                >
                  {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {hints.map((hint) => (
        <FormHelperText key={hint.id} id={hint.id} component="div" sx={{ mx: 1.75 }}>
          {hint.content}
        </FormHelperText>
      ))}
    </div>
  );
}
