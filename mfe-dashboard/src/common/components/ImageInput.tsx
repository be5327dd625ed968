import { IMAGE_EXTENSIONS, IMAGE_MIME_TYPES, UNSUPPORTED_IMAGE_MESSAGE } from '@campus/shared';
import {
  AddIcon,
  Box,
  Button,
  CloseIcon,
  FormHelperText,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
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

/** Whether `file` is a picture type the server reads (by MIME type, else by extension: HEIC often has none). */
export function isAcceptedImage(file: File): boolean {
  if ((IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return true;
  const name = file.name.toLowerCase();
  return (
    (!file.type || file.type === 'application/octet-stream') &&
    IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext))
  );
}

/** The `accept` attribute: the types above (the picker offers pictures only). */
const ACCEPT = [...IMAGE_MIME_TYPES, ...IMAGE_EXTENSIONS].join(',');

/** Visually hidden but still in the accessibility tree and labelled (tests, screen readers). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * A labelled picture input with previews (docs/product.md §15: cover image, additional photos), styled as a
 * drop zone (docs/product.md §21.10: no raw "Choose File / No file chosen"): drop pictures on it or use
 * 'Choose photo' ('Change photo' once one is picked; 'Choose photos' / 'Change photos' when
 * several). A file that is not a picture the server reads is refused here, before upload, with
 * the server's own message ('Unsupported image type: …') and no broken preview. Picked pictures
 * go through `downscaleImage` first ('Preparing pictures...' meanwhile). When `files` becomes
 * empty (the form was reset), the native input is cleared too.
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
  const [refused, setRefused] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const previews = usePreviews(files);

  useEffect(() => {
    if (files.length === 0 && inputRef.current) inputRef.current.value = '';
  }, [files]);

  const pick = async (list: FileList | null) => {
    const picked = Array.from(list ?? []).slice(0, multiple ? undefined : 1);
    if (picked.length === 0) return;
    if (!picked.every(isAcceptedImage)) {
      setRefused(UNSUPPORTED_IMAGE_MESSAGE);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setRefused(null);
    setPreparing(true);
    try {
      onChange(await Promise.all(picked.map((file) => downscaleImage(file))));
    } finally {
      setPreparing(false);
    }
  };

  const shown = files.length > 0 ? previews : currentUrls;
  const hasPicture = files.length > 0 || currentUrls.length > 0;
  const describedBy = `${id}-help`;
  const message = refused ?? error;
  const noun = multiple ? 'photos' : 'photo';
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
      <Box
        onDragOver={(event) => {
          if (disabled) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) void pick(event.dataTransfer.files);
        }}
        sx={{
          position: 'relative',
          border: 2,
          borderStyle: 'dashed',
          borderColor: message ? 'error.main' : dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'background.default',
          borderRadius: 2,
          p: 1.5,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
        }}
      >
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          accept={ACCEPT}
          multiple={multiple}
          required={required}
          disabled={disabled}
          tabIndex={-1}
          aria-invalid={Boolean(message)}
          aria-describedby={describedBy}
          onChange={(event) => void pick(event.target.files)}
          style={visuallyHidden}
        />
        {hasPicture ? (
          <Box
            component="ul"
            aria-label={`${label} preview`}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
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
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 140px' }}>
            Drop {multiple ? 'pictures' : 'a picture'} here, or
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button
            variant="outlined"
            disabled={disabled}
            startIcon={<AddIcon />}
            onClick={() => inputRef.current?.click()}
            aria-describedby={describedBy}
          >
            {hasPicture ? `Change ${noun}` : `Choose ${noun}`}
          </Button>
          {files.length > 0 && !required ? (
            <IconButton aria-label={`Clear ${label.toLowerCase()}`} onClick={() => onChange([])}>
              <CloseIcon fontSize="small" />
            </IconButton>
          ) : null}
        </Stack>
      </Box>
      <FormHelperText id={describedBy} error={Boolean(message)} role={message ? 'alert' : undefined}>
        {preparing ? 'Preparing pictures...' : (message ?? hint ?? ' ')}
      </FormHelperText>
    </Box>
  );
}
