import { fieldProps, OutlinedField, validateWithSchema } from '@campus/shared';
import { Box, Stack } from '@mui/material';
import { sendMessage } from './api';
import { NameAndEmailFields, SendButton, useContactForm } from './ContactFormParts';
import { CONTACT_LIMITS, type MessageValues } from './fields';

const EMPTY: MessageValues = { name: '', email: '', subject: '', message: '' };
const ORDER = ['name', 'email', 'subject', 'message'] as const;
const ID = 'message';
export const MESSAGE_SEND_FAILED = 'Your message could not be sent. Check your connection and try again.';

/**
 * The Contact Us message form (docs/product.md §2, §3 "Message form"): name, email, subject, message.
 * Validated with yup (loaded with the first check) on blur and submit; sent to `POST /api/v1/messages`; on success a notice
 * and the form clears; on failure the server's message shows above the button. Before hydration and
 * without JavaScript it is posted to `/contact/message` (ADR 0032).
 */
export function MessageForm() {
  const { formik, serverError, noValidate } = useContactForm({
    initialValues: EMPTY,
    validate: validateWithSchema<MessageValues>(() =>
      import('./schemas').then((module) => module.messageSchema),
    ),
    send: sendMessage,
    failed: MESSAGE_SEND_FAILED,
    order: ORDER,
    idPrefix: ID,
    fieldErrors: (fields) => Object.fromEntries(Object.entries(fields).filter(([key]) => key in EMPTY)),
  });

  return (
    <Box
      component="form"
      noValidate={noValidate}
      method="post"
      action="/contact/message"
      onSubmit={formik.handleSubmit}
      aria-labelledby="contact-form-heading"
    >
      <Stack spacing={2}>
        <NameAndEmailFields formik={formik} idPrefix={ID} />
        <OutlinedField
          label="Subject"
          required
          fullWidth
          {...fieldProps(formik, 'subject', ID)}
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.subject } }}
        />
        <OutlinedField
          label="Message"
          required
          multiline
          minRows={5}
          fullWidth
          {...fieldProps(formik, 'message', ID)}
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.message } }}
        />
        <SendButton busy={formik.isSubmitting} label="Send Message" serverError={serverError} />
      </Stack>
    </Box>
  );
}
