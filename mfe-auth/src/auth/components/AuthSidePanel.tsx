import { BADGE_STUDENTS, BADGE_UNIVERSITIES, PRODUCT_NAME, TAGLINE } from '@campus/shared';
import { Box, Chip, SchoolIcon, Stack, StorefrontIcon, Typography } from '@mui/material';

/**
 * The decorative side panel of the authentication page on large screens (docs/product.md §2
 * "Authentication page"): the product name, the tagline and the two badges (docs/product.md §1, §9).
 */
export function AuthSidePanel() {
  return (
    <Box
      component="aside"
      aria-label={`About ${PRODUCT_NAME}`}
      sx={{
        flex: '0 0 42%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        px: 8,
        py: 6,
        color: 'primary.contrastText',
        background: 'linear-gradient(135deg, #0b6e4f 0%, #0f8a63 55%, #c8553d 140%)',
      }}
    >
      <StorefrontIcon sx={{ fontSize: 56, mb: 2 }} aria-hidden="true" />
      <Typography component="p" sx={{ fontSize: '2.5rem', fontWeight: 800, lineHeight: 1.1 }}>
        {PRODUCT_NAME}
      </Typography>
      <Typography component="p" sx={{ mt: 1.5, fontSize: '1.2rem', opacity: 0.92 }}>
        {TAGLINE}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ mt: 4 }}>
        {[BADGE_UNIVERSITIES, BADGE_STUDENTS].map((badge) => (
          <Chip
            key={badge}
            icon={<SchoolIcon aria-hidden="true" />}
            label={badge}
            sx={{
              bgcolor: 'rgba(255,255,255,0.18)',
              color: 'inherit',
              fontWeight: 600,
              '& .MuiChip-icon': { color: 'inherit' },
            }}
          />
        ))}
      </Stack>
    </Box>
  );
}
