import { Avatar, TextField } from '@campus/mui-overlays';
import {
  apiFieldErrors,
  fieldProps,
  NAME_MAX_LENGTH,
  shownError,
  TOAST_SHORT_DURATION_MS,
  type University,
  type User,
  useFormToasts,
  useSetUser,
  VALIDATION_HINTS,
  VALIDATION_MESSAGES,
  WHATSAPP_PATTERN,
} from '@campus/shared';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { ImageInput } from '../../common/components/ImageInput';
import { getUniversities, type ProfilePayload, updateProfile } from '../api/settings-api';

/** docs/product.md §8: what a failed profile update shows. */
export const PROFILE_UPDATE_FAILED = 'Failed to update profile';
export const PROFILE_UPDATED = 'Profile updated';

interface ProfileValues {
  firstName: string;
  lastName: string;
  whatsApp: string;
  university: string;
  photo: File[];
}

/** docs/product.md §5 signup rules and messages, applied to the profile. */
const schema = yup.object({
  firstName: yup.string().trim().required(VALIDATION_MESSAGES.firstNameRequired).max(NAME_MAX_LENGTH),
  lastName: yup.string().trim().required(VALIDATION_MESSAGES.lastNameRequired).max(NAME_MAX_LENGTH),
  whatsApp: yup
    .string()
    .trim()
    .required(VALIDATION_MESSAGES.whatsAppRequired)
    .matches(WHATSAPP_PATTERN, VALIDATION_MESSAGES.whatsAppInvalid),
  university: yup.string().trim().required(VALIDATION_MESSAGES.universityRequired),
});

/**
 * My profile (docs/product.md §7 `PATCH /users/updateMe`): first name, last name, WhatsApp (254 + 9 digits),
 * university (the KE list) and photo. Only changed fields are sent. Success updates the session
 * user (navbar, menus) and toasts 'Profile updated'; failure shows 'Failed to update profile'
 * (docs/product.md §8) and the server's field messages.
 */
export function ProfileForm({ user }: { user: User }) {
  const setUser = useSetUser();
  // Store notices (the user store): 3000 ms (docs/product.md §9); a success closes an earlier failure's toast.
  const toasts = useFormToasts({ autoHideDuration: TOAST_SHORT_DURATION_MS });
  const [failed, setFailed] = useState(false);
  const [universities, setUniversities] = useState<University[] | null>(null);

  useEffect(() => {
    let alive = true;
    getUniversities()
      .then((list) => alive && setUniversities(list))
      .catch(() => alive && setUniversities([]));
    return () => {
      alive = false;
    };
  }, []);

  const formik = useFormik<ProfileValues>({
    initialValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      whatsApp: user.whatsApp ?? '',
      university: user.university ?? '',
      photo: [],
    },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      setFailed(false);
      const payload: ProfilePayload = {};
      for (const key of ['firstName', 'lastName', 'whatsApp', 'university'] as const) {
        if (values[key].trim() !== (user[key] ?? '')) payload[key] = values[key];
      }
      if (values.photo[0]) payload.photo = values.photo[0];
      if (Object.keys(payload).length === 0) {
        toasts.info('Nothing to update');
        return;
      }
      try {
        const updated = await updateProfile(payload);
        setUser((current) => ({ ...(current ?? {}), ...updated }) as User);
        toasts.success(PROFILE_UPDATED);
        helpers.resetForm({ values: { ...values, photo: [] } });
      } catch (error) {
        setFailed(true);
        toasts.error(PROFILE_UPDATE_FAILED);
        helpers.setErrors(apiFieldErrors(error));
      }
    },
  });
  const { values, isSubmitting } = formik;
  const shown = (field: keyof ProfileValues) => shownError(formik, field);
  const field = (name: Exclude<keyof ProfileValues, 'photo'>) => ({
    ...fieldProps(formik, name, 'profile'),
    disabled: isSubmitting,
    fullWidth: true,
  });
  const names = universities?.map((u) => u.name) ?? [];
  if (values.university && !names.includes(values.university)) names.unshift(values.university);

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby="profile-heading">
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={user.photo ?? undefined} alt="" sx={{ width: 56, height: 56 }} />
          <Typography id="profile-heading" component="h2" variant="h6">
            My profile
          </Typography>
        </Stack>
        <TextField label="First name" required autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" required autoComplete="family-name" {...field('lastName')} />
        <TextField
          label="WhatsApp number"
          required
          autoComplete="tel"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...field('whatsApp')}
          helperText={shown('whatsApp') ?? VALIDATION_HINTS.whatsApp}
        />
        {universities && universities.length === 0 ? (
          <TextField label="University" required {...field('university')} />
        ) : (
          <TextField
            select
            label="University"
            required
            {...field('university')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{universities ? 'Choose your university' : 'Loading universities...'}</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </TextField>
        )}
        <ImageInput
          label="Profile photo"
          name="photo"
          files={values.photo}
          onChange={(files) => void formik.setFieldValue('photo', files.slice(0, 1))}
          hint="Optional; shown on your shop page"
          disabled={isSubmitting}
        />
        {failed ? <Alert severity="error">{PROFILE_UPDATE_FAILED}</Alert> : null}
        <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          {isSubmitting ? 'Saving...' : 'Save profile'}
        </Button>
      </Stack>
    </Box>
  );
}
