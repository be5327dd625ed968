import { FEEDBACK_THANKS, MESSAGE_THANKS, PRODUCT_NAME, usePageMeta } from '@campus/shared';
import {
  Alert,
  Box,
  Button,
  Container,
  EmailIcon,
  LocationOnIcon,
  PhoneIcon,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { KEEP_SCROLL } from '../layout/NavigationScrollRestoration';
import { PageHeading } from './common/PageHeading';
import { CONTACT_INFO } from './contact/contact-info';
import { FeedbackForm } from './contact/FeedbackForm';
import { MessageForm } from './contact/MessageForm';

export const CONTACT_DESCRIPTION = `Send ${PRODUCT_NAME} your feedback or a message: questions about buying, selling, your account or your data.`;

type FormKind = 'feedback' | 'message';

/** The page of each form: the toggle's links (they work before and without JavaScript; ADR 0032). */
const FORM_HREF: Record<FormKind, string> = { feedback: '/contact', message: '/contact?form=message' };

/**
 * Contact Us ('/contact'; docs/product.md §2): a toggle between the feedback form and the message form (the
 * choice is kept in the URL as `?form=message`, so it can be linked; the toggle's two choices are
 * links, the current one `aria-current`), the contact details, and the notice of a form posted
 * without JavaScript (`?sent=feedback|message`: the server's redirect after POST; ADR 0032).
 */
export function ContactPage() {
  usePageMeta('Contact Us', CONTACT_DESCRIPTION);
  const [params] = useSearchParams();
  const kind: FormKind = params.get('form') === 'message' ? 'message' : 'feedback';
  const sent = params.get('sent');
  const notice = sent === 'feedback' ? FEEDBACK_THANKS : sent === 'message' ? MESSAGE_THANKS : null;
  const choice = (value: FormKind, label: string) => (
    <Button
      component={RouterLink}
      to={FORM_HREF[value]}
      replace
      state={KEEP_SCROLL}
      variant={kind === value ? 'contained' : 'outlined'}
      aria-current={kind === value ? 'page' : undefined}
    >
      {label}
    </Button>
  );

  return (
    <Container sx={{ py: 4 }}>
      <PageHeading>Contact Us</PageHeading>
      <Typography sx={{ mb: 3, maxWidth: 640 }}>
        Tell us what you think of {PRODUCT_NAME}, or send us a question. We read everything and reply by
        e-mail.
      </Typography>

      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '7fr 5fr' } }}>
        <div>
          {notice ? (
            <Alert severity="success" role="status" sx={{ mb: 3 }}>
              {notice}
            </Alert>
          ) : null}
          <Box
            role="group"
            aria-label="Choose a form"
            sx={{ mb: 3, display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {choice('feedback', 'Give feedback')}
            {choice('message', 'Send a message')}
          </Box>
          <Typography variant="h2" id="contact-form-heading" sx={{ mb: 2 }}>
            {kind === 'feedback' ? 'Send us your feedback' : 'Send us a message'}
          </Typography>
          {kind === 'feedback' ? <FeedbackForm key="feedback" /> : <MessageForm key="message" />}
        </div>

        <div>
          <Box
            component="section"
            aria-labelledby="contact-info-heading"
            sx={{ p: 3, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
          >
            <Typography variant="h2" id="contact-info-heading" sx={{ mb: 2 }}>
              Contact information
            </Typography>
            <Box component="address" sx={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
              <Typography sx={{ display: 'flex', gap: 1, mb: 1.5 }}>
                <EmailIcon aria-hidden color="primary" />
                <span>
                  <strong>Email:</strong> {CONTACT_INFO.email}
                </span>
              </Typography>
              <Typography sx={{ display: 'flex', gap: 1, mb: 1.5 }}>
                <PhoneIcon aria-hidden color="primary" />
                <span>
                  <strong>Phone:</strong> {CONTACT_INFO.phone}
                </span>
              </Typography>
              <Typography sx={{ display: 'flex', gap: 1, mb: 1.5 }}>
                <LocationOnIcon aria-hidden color="primary" />
                <span>
                  <strong>Location:</strong> {CONTACT_INFO.location}
                </span>
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {CONTACT_INFO.hours}
            </Typography>
          </Box>
        </div>
      </Box>
    </Container>
  );
}
