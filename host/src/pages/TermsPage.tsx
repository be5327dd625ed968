import { PRODUCT_NAME, TAP_REPLAY, usePageMeta } from '@campus/shared';
import { Box, Button, Container, KeyboardArrowDownIcon, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { BackToTop } from './common/BackToTop';
import { PageHeading } from './common/PageHeading';
import { LEGAL_LAST_UPDATED } from './legal/dates';
import { LegalSection } from './legal/LegalSection';
import { PROHIBITED_ITEMS_ID, TERMS_PREVIEW_COUNT, TERMS_SECTIONS } from './legal/terms-content';

export const TERMS_DESCRIPTION = `The rules for using ${PRODUCT_NAME}: accounts, listings, what may not be sold, liability, and Kenyan law.`;

const HEADING_ID = 'terms-title';
const MORE_ID = 'terms-more';

/**
 * Terms and Conditions ('/terms-and-conditions', route name conditions; docs/product.md §2): seven sections;
 * only the first three show until 'Show Full Terms', and 'Show Less' collapses them again (the
 * button reports its state with aria-expanded). 'Back to Top' at the end. A link to an anchor in
 * the collapsed part (e.g. `#prohibited-items` from the report dialog, docs/product.md §19) opens the full
 * terms and scrolls there.
 */
export function TermsPage() {
  usePageMeta('Terms and Conditions', TERMS_DESCRIPTION);
  const preview = TERMS_SECTIONS.slice(0, TERMS_PREVIEW_COUNT);
  const rest = TERMS_SECTIONS.slice(TERMS_PREVIEW_COUNT);
  const { hash } = useLocation();
  const anchor = decodeURIComponent(hash.replace(/^#/, ''));
  const anchorInRest = anchor === PROHIBITED_ITEMS_ID || rest.some((section) => section.id === anchor);
  const [expanded, setExpanded] = useState(anchorInRest);
  useEffect(() => {
    if (!anchorInRest) return;
    setExpanded(true);
    // After the collapsed sections rendered.
    requestAnimationFrame(() => document.getElementById(anchor)?.scrollIntoView());
  }, [anchor, anchorInRest]);

  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <PageHeading id={HEADING_ID}>Terms and Conditions</PageHeading>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>Last updated: {LEGAL_LAST_UPDATED}</Typography>
      <Typography sx={{ mb: 3 }}>
        Please read these terms before you buy, sell or offer services on {PRODUCT_NAME}.
      </Typography>

      {preview.map((section) => (
        <LegalSection key={section.id} section={section} />
      ))}

      <Button
        variant="outlined"
        aria-expanded={expanded}
        aria-controls={MORE_ID}
        onClick={() => setExpanded((value) => !value)}
        {...TAP_REPLAY}
        endIcon={
          <KeyboardArrowDownIcon
            sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
          />
        }
        sx={{ mb: 4 }}
      >
        {expanded ? 'Show Less' : 'Show Full Terms'}
      </Button>

      <Box id={MORE_ID}>
        {expanded ? rest.map((section) => <LegalSection key={section.id} section={section} />) : null}
      </Box>

      <BackToTop targetId={HEADING_ID} />
    </Container>
  );
}
