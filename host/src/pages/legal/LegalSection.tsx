import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One numbered section of a legal page. */
export interface LegalSectionContent {
  /** Anchor id, e.g. 'information-we-collect'. */
  id: string;
  /** Heading text (an h2). */
  title: string;
  body: ReactNode;
}

/**
 * A section of the Privacy Policy or the Terms: an h2 and its text. Lists and paragraphs
 * inside wrap long words (e-mail addresses) so nothing scrolls sideways at 360 px.
 */
export function LegalSection({ section }: { section: LegalSectionContent }) {
  return (
    <Box
      component="section"
      aria-labelledby={`${section.id}-heading`}
      id={section.id}
      sx={{
        mb: 4,
        overflowWrap: 'anywhere',
        scrollMarginTop: 16,
        '& p': { mt: 0, mb: 1.5 },
        '& ul': { pl: 3, mt: 0, mb: 1.5 },
        '& li': { mb: 0.75 },
      }}
    >
      <Typography variant="h2" id={`${section.id}-heading`} gutterBottom>
        {section.title}
      </Typography>
      {section.body}
    </Box>
  );
}
