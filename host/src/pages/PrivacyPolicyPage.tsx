import { PRODUCT_NAME, usePageMeta } from '@campus/shared';
import { Box, Container, Link, Typography } from '@mui/material';
import { BackToTop } from './common/BackToTop';
import { PageHeading } from './common/PageHeading';
import { LEGAL_LAST_UPDATED } from './legal/dates';
import { LegalSection } from './legal/LegalSection';
import { PRIVACY_SECTIONS } from './legal/privacy-content';

export const PRIVACY_DESCRIPTION = `What ${PRODUCT_NAME} collects (account details, listings, photos without location data, messages), how it is used and shared, and your rights under Kenyan law.`;

const HEADING_ID = 'privacy-title';

/**
 * Privacy Policy ('/privacy-policy', route name Privacy; docs/product.md §2): the six sections (information
 * collected, use, sharing, data security, rights and choices, changes), an in-page table of
 * contents, and 'Back to Top'.
 */
export function PrivacyPolicyPage() {
  usePageMeta('Privacy Policy', PRIVACY_DESCRIPTION);
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <PageHeading id={HEADING_ID}>Privacy Policy</PageHeading>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>Last updated: {LEGAL_LAST_UPDATED}</Typography>
      <Typography sx={{ mb: 3 }}>
        This policy explains what {PRODUCT_NAME} keeps about you when you use the marketplace, why, and what
        you can do about it.
      </Typography>

      <Box
        component="nav"
        aria-label="On this page"
        sx={{ mb: 4, p: 2, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {PRIVACY_SECTIONS.map((section) => (
            <Box component="li" key={section.id} sx={{ py: 0.5 }}>
              <Link href={`#${section.id}`} sx={{ display: 'inline-block', py: 0.5 }}>
                {section.title}
              </Link>
            </Box>
          ))}
        </Box>
      </Box>

      {PRIVACY_SECTIONS.map((section) => (
        <LegalSection key={section.id} section={section} />
      ))}

      <BackToTop targetId={HEADING_ID} />
    </Container>
  );
}
