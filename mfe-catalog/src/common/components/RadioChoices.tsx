import { FormLabel, Radio, RadioGroup } from '@campus/mui-overlays';
import { FormControl, FormControlLabel } from '@mui/material';
import { type ReactNode, useId } from 'react';

interface RadioChoicesProps<T extends string> {
  /** The fieldset's legend. */
  label: string;
  /** The radios' form name. */
  name: string;
  /** The chosen value ('' = none yet). */
  value: T | '';
  onChange: (value: T) => void;
  choices: readonly { value: T; label: string }[];
  required?: boolean;
  /** Marks the group invalid (its message is shown by the form). */
  error?: boolean;
  /** Shown under the radios (e.g. a link explaining the choices). */
  children?: ReactNode;
}

/** A fieldset of radios with its legend, one per choice, for the catalog's small dialog forms. */
export function RadioChoices<T extends string>({
  label,
  name,
  value,
  onChange,
  choices,
  required,
  error,
  children,
}: RadioChoicesProps<T>) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" required={required} error={error} sx={{ mb: 2 }}>
      <FormLabel component="legend" id={labelId}>
        {label}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {choices.map((choice) => (
          <FormControlLabel
            key={choice.value}
            value={choice.value}
            control={<Radio />}
            label={choice.label}
          />
        ))}
      </RadioGroup>
      {children}
    </FormControl>
  );
}
