/**
 * The parts both Contact Us forms share (docs/product.md §2, §3 "Feedback form" / "Message form"): the
 * form's state and sending (`useContactForm`), the name and e-mail fields, and the server's
 * message above the send button ('Sending...' with a spinner while busy). Fields follow the one
 * error rule of @campus/shared (`fieldProps`).
 */

import {
  apiErrorMessage,
  apiFieldErrors,
  fieldProps,
  OutlinedField,
  releaseServerForm,
  serverFormValues,
  useFocusFirstError,
  useHydrated,
  useSnackbar,
} from '@campus/shared';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { type FormikConfig, type FormikErrors, type FormikProps, useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { CONTACT_LIMITS } from './fields';

/**
 * A Contact Us form's state: it starts from what was typed into the server-rendered fields before
 * hydration (else `initialValues`, the empty form; ADR 0032); validated by `validate` (`validateWithSchema`: the yup schema loads with the first check) on change, blur and submit; `send` posts
 * the values and resolves to the server's confirmation, shown as a success notice before the form
 * clears; on failure the server's message (or `failed`) for above the button, its per-field
 * messages under the fields (`fieldErrors` maps the API's field names to the form's), and focus
 * on the first invalid field in `order`. `noValidate` goes on the `<form>`: false on the server and
 * during hydration, so the server's form (posted natively before hydration or without JavaScript)
 * keeps the browser's own checks of `required`, `type="email"` and `maxLength`; true once React
 * runs (`useHydrated`), and formik checks instead.
 */
export function useContactForm<V extends { name: string; email: string }>({
  initialValues,
  validate,
  send,
  failed,
  order,
  idPrefix,
  fieldErrors,
}: {
  initialValues: V;
  validate: FormikConfig<V>['validate'];
  send: (values: V) => Promise<string>;
  failed: string;
  order: readonly (keyof V & string)[];
  idPrefix: string;
  fieldErrors: (fields: Record<string, string>) => FormikErrors<V>;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [serverError, setServerError] = useState<string | null>(null);
  const [startValues] = useState(() => serverFormValues(idPrefix, initialValues));
  const noValidate = useHydrated();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form has mounted
  useEffect(() => releaseServerForm(idPrefix, initialValues), []);
  const formik = useFormik<V>({
    initialValues: startValues,
    validate,
    onSubmit: async (values, helpers) => {
      setServerError(null);
      try {
        const message = await send(values);
        enqueueSnackbar(message, { variant: 'success' });
        helpers.resetForm({ values: initialValues });
      } catch (error) {
        helpers.setErrors(fieldErrors(apiFieldErrors(error)));
        setServerError(apiErrorMessage(error, failed));
      }
    },
  });
  useFocusFirstError(formik, order, idPrefix);
  return { formik, serverError, noValidate };
}

/** The required Name and Email fields, ids `<idPrefix>-name` / `<idPrefix>-email`. */
export function NameAndEmailFields<V extends { name: string; email: string }>({
  formik,
  idPrefix,
}: {
  formik: FormikProps<V>;
  idPrefix: string;
}) {
  return (
    <>
      <OutlinedField
        label="Name"
        required
        autoComplete="name"
        fullWidth
        {...fieldProps(formik, 'name', idPrefix)}
        slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.name } }}
      />
      <OutlinedField
        label="Email"
        type="email"
        required
        autoComplete="email"
        fullWidth
        {...fieldProps(formik, 'email', idPrefix)}
        slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.email, inputMode: 'email' } }}
      />
    </>
  );
}

/** The server's message (when any) and the submit button: `label`, or 'Sending...' while `busy`. */
export function SendButton({
  busy,
  label,
  serverError,
}: {
  busy: boolean;
  label: string;
  serverError: string | null;
}) {
  return (
    <>
      {serverError ? <Alert severity="error">{serverError}</Alert> : null}
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {busy ? 'Sending...' : label}
        </Button>
      </Box>
    </>
  );
}
