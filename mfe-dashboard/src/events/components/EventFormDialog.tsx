import { Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@campus/mui-overlays';
import {
  apiErrorMessage,
  apiFieldErrors,
  type CampusEvent,
  fieldProps,
  LISTING_LIMITS,
  shownError,
  useSnackbar,
} from '@campus/shared';
import { Box, Button, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { ImageInput } from '../../common/components/ImageInput';
import { UploadProgress } from '../../common/components/UploadProgress';
import { useUploadProgress } from '../../common/hooks/useUploadProgress';
import { isoToLocalInput, localInputToIso } from '../../common/utils/form-data';
import { optionalText, priceRule, requiredText } from '../../common/validation';
import { createEvent, type EventPayload, updateEvent } from '../api/events-api';

export interface EventValues {
  title: string;
  description: string;
  /** `datetime-local` values (browser time zone). */
  startsAt: string;
  endsAt: string;
  venue: string;
  university: string;
  price: string;
  coverImage: File[];
}

const schema = yup.object({
  title: requiredText('Title', LISTING_LIMITS.titleMin, LISTING_LIMITS.titleMax),
  description: requiredText('Description', LISTING_LIMITS.descriptionMin, LISTING_LIMITS.descriptionMax),
  startsAt: yup.string().required('Start time is required'),
  endsAt: yup
    .string()
    .test(
      'after',
      'End time must be after the start time',
      (value, context) => !value || !context.parent.startsAt || value > context.parent.startsAt,
    ),
  venue: requiredText('Venue', LISTING_LIMITS.venueMin, LISTING_LIMITS.placeMax),
  university: optionalText('University', LISTING_LIMITS.placeMax),
  price: priceRule(false),
});

/** The payload of `values`: everything on create, what changed on edit. */
function payloadOf(values: EventValues, before?: CampusEvent): EventPayload {
  const next: Required<Omit<EventPayload, 'coverImage'>> = {
    title: values.title.trim(),
    description: values.description.trim(),
    startsAt: localInputToIso(values.startsAt),
    endsAt: localInputToIso(values.endsAt),
    venue: values.venue.trim(),
    university: values.university.trim(),
    price: values.price.trim(),
  };
  const payload: EventPayload = {};
  const old = before
    ? {
        title: before.title,
        description: before.description,
        startsAt: isoToLocalInput(before.startsAt),
        endsAt: isoToLocalInput(before.endsAt),
        venue: before.venue,
        university: before.university ?? '',
        price: before.price === null || before.price === undefined ? '' : String(before.price),
      }
    : null;
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    const unchanged =
      old &&
      (key === 'startsAt' || key === 'endsAt'
        ? values[key] === old[key]
        : key === 'price'
          ? (next.price === '' ? '' : Number(next.price)) === (old.price === '' ? '' : Number(old.price))
          : next[key] === old[key]);
    if (unchanged) continue;
    if (!before && next[key] === '') continue;
    payload[key] = next[key];
  }
  if (values.coverImage[0]) payload.coverImage = values.coverImage[0];
  return payload;
}

interface EventFormDialogProps {
  /** The event being edited; absent to announce a new one. */
  event?: CampusEvent;
  onSaved: (event: CampusEvent) => void;
  onClose: () => void;
}

/**
 * Create or edit a campus event (title, description, start, optional end after the start, venue,
 * optional university, optional price in KES, optional cover picture) in a dialog, full screen on
 * phones. Times are typed in the browser's time zone and sent as UTC.
 */
export function EventFormDialog({ event, onSaved, onClose }: EventFormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadProgress();
  const formik = useFormik<EventValues>({
    initialValues: {
      title: event?.title ?? '',
      description: event?.description ?? '',
      startsAt: isoToLocalInput(event?.startsAt),
      endsAt: isoToLocalInput(event?.endsAt),
      venue: event?.venue ?? '',
      university: event?.university ?? '',
      price: event?.price === null || event?.price === undefined ? '' : String(event.price),
      coverImage: [],
    },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      upload.start();
      try {
        const payload = payloadOf(values, event);
        const saved = event
          ? Object.keys(payload).length > 0
            ? await updateEvent(event._id, payload, upload.onUploadProgress)
            : event
          : await createEvent(payload, upload.onUploadProgress);
        enqueueSnackbar(event ? 'Event updated' : 'Event created', { variant: 'success' });
        onSaved(saved);
      } catch (error) {
        enqueueSnackbar(apiErrorMessage(error, 'Failed to save the event. Please try again.'), {
          variant: 'error',
        });
        helpers.setErrors(apiFieldErrors(error));
      } finally {
        upload.done();
      }
    },
  });
  const { values, isSubmitting } = formik;
  const shown = (field: keyof EventValues) => shownError(formik, field);
  const field = (name: Exclude<keyof EventValues, 'coverImage'>) => ({
    ...fieldProps(formik, name, 'event'),
    disabled: isSubmitting,
    fullWidth: true,
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="event-dialog-title"
    >
      <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby="event-dialog-title">
        <DialogTitle id="event-dialog-title" component="h2">
          {event ? 'Edit event' : 'Announce an event'}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <TextField label="Title" required {...field('title')} />
            <TextField label="Description" required multiline minRows={3} {...field('description')} />
            <TextField
              label="Starts at"
              required
              type="datetime-local"
              slotProps={{ inputLabel: { shrink: true } }}
              {...field('startsAt')}
            />
            <TextField
              label="Ends at"
              type="datetime-local"
              slotProps={{ inputLabel: { shrink: true } }}
              {...field('endsAt')}
            />
            <TextField label="Venue" required {...field('venue')} />
            <TextField label="University" {...field('university')} />
            <TextField
              label="Price (Kes)"
              type="number"
              slotProps={{ htmlInput: { step: 0.01, min: 0, inputMode: 'decimal' } }}
              {...field('price')}
              helperText={shown('price') ?? 'Leave empty when entry is free'}
            />
            <ImageInput
              label="Cover image"
              name="coverImage"
              files={values.coverImage}
              onChange={(files) => void formik.setFieldValue('coverImage', files.slice(0, 1))}
              hint="Optional poster or photo"
              currentUrls={event?.coverThumbnail ? [event.coverThumbnail] : []}
              disabled={isSubmitting}
            />
            <UploadProgress value={upload.progress} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : event ? 'Save changes' : 'Create event'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
