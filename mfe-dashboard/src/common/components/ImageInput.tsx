import { Box, CloseIcon, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { downscaleImage } from '../utils/downscale-image';

interface ImageInputProps {
  /** Visible label, e.g. 'Cover image' (also the input's accessible name). */
  label: string;
  /** Form field name (also the input's name). */
  name: string;
  /** The picked files ([] when none). */
  files: File[];
  /** Receives the picked files, already downscaled when they were larger than needed. */
  onChange: (files: File[]) => void;
  /** Several files (extra photos) or one (cover). */
  multiple?: boolean;
  required?: boolean;
  /** Error message shown under the input (formik). */
  error?: string;
  /** Hint shown when there is no error. */
  hint?: string;
  /** Pictures already stored (edit forms): shown until new files are picked. */
  currentUrls?: string[];
  disabled?: boolean;
}

/** Object URLs for previews; revoked when the files change. jsdom has no createObjectURL: no previews there. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(
    () => (typeof URL.createObjectURL === 'function' ? files.map((file) => URL.createObjectURL(file)) : []),
    [files],
  );
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

/**
 * A labelled picture input with previews (issue 5: cover image, additional photos). Picked
 * pictures go through `downscaleImage` first ('Preparing pictures...' meanwhile). When `files`
 * becomes empty (the form was reset), the native input is cleared too.
 */
export function ImageInput({
  label,
  name,
  files,
  onChange,
  multiple = false,
  required = false,
  error,
  hint,
  currentUrls = [],
  disabled = false,
}: ImageInputProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const previews = usePreviews(files);

  useEffect(() => {
    if (files.length === 0 && inputRef.current) inputRef.current.value = '';
  }, [files]);

  const pick = async (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    setPreparing(true);
    try {
      onChange(await Promise.all(picked.map((file) => downscaleImage(file))));
    } finally {
      setPreparing(false);
    }
  };

  const shown = files.length > 0 ? previews : currentUrls;
  const describedBy = `${id}-help`;
  return (
    <Box>
      <Typography
        component="label"
        htmlFor={id}
        variant="body2"
        sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}
      >
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          accept="image/*"
          multiple={multiple}
          required={required}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(event) => void pick(event.target.files)}
          style={{ fontSize: '0.875rem', maxWidth: '100%' }}
        />
        {files.length > 0 && !required ? (
          <IconButton aria-label={`Clear ${label.toLowerCase()}`} size="small" onClick={() => onChange([])}>
            <CloseIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
      <FormHelperText id={describedBy} error={Boolean(error)} role={error ? 'alert' : undefined}>
        {preparing ? 'Preparing pictures...' : (error ?? hint ?? ' ')}
      </FormHelperText>
      {shown.length > 0 || files.length > 0 ? (
        <Box
          component="ul"
          aria-label={`${label} preview`}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {(files.length > 0 ? files : shown).map((item, index) => {
            const src = typeof item === 'string' ? item : previews[index];
            const title = typeof item === 'string' ? `${label} ${index + 1}` : item.name;
            // Position is the identity of a preview: the list is replaced as a whole.
            const key = typeof item === 'string' ? item : `${index}:${item.name}:${item.size}`;
            return (
              <Box component="li" key={key} sx={{ width: 88 }}>
                {src ? (
                  <Box
                    component="img"
                    src={src}
                    alt={`Preview of ${title}`}
                    width={88}
                    height={66}
                    sx={{ objectFit: 'cover', borderRadius: 1, display: 'block', bgcolor: 'grey.100' }}
                  />
                ) : null}
                <Typography variant="caption" noWrap component="p" title={title}>
                  {title}
                </Typography>
              </Box>
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}
