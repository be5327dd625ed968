import { formatMonthYear } from '@campus/shared';
import { Box, EventIcon, SchoolIcon, Stack, Typography } from '@mui/material';
import { PROFILE_PLACEHOLDER } from '../../common/utils/placeholder-images';
import { RatingBadge } from '../../deals/RatingBadge';
import { VerifiedBadge } from '../../trust/components/VerifiedBadge';
import type { SellerProfile } from '../api/get-seller';

/** Full name of a seller ('Brian Otieno'), else their first name, else 'Seller'. */
export function sellerFullName(seller: Pick<SellerProfile, 'firstName' | 'lastName'>): string {
  return [seller.firstName, seller.lastName].filter(Boolean).join(' ').trim() || 'Seller';
}

/**
 * Top of a seller's page (docs/product.md §20.8): photo (placeholder if none), full name as the `<h1>`,
 * the verified-student badge when verified, campus and "Member since <month year>".
 */
export function SellerHeader({ seller }: { seller: SellerProfile }) {
  const name = sellerFullName(seller);
  const since = formatMonthYear(seller.memberSince);
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 3 }}>
      <img
        src={seller.photo || PROFILE_PLACEHOLDER}
        alt={seller.photo ? `Photo of ${name}` : ''}
        width={88}
        height={88}
        decoding="async"
        style={{
          width: 88,
          height: 88,
          borderRadius: '50%',
          objectFit: 'cover',
          backgroundColor: '#dfe5e1',
          flexShrink: 0,
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {seller.verifiedStudent ? <VerifiedBadge university={seller.university} /> : null}
        {/* The rating (docs/product.md §28). */}
        <RatingBadge rating={seller.rating} />
        <Stack
          component="ul"
          spacing={0.5}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, color: 'text.secondary' }}
        >
          {seller.university ? (
            <Typography
              component="li"
              variant="body2"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
            >
              <SchoolIcon fontSize="small" aria-hidden />
              {seller.university}
            </Typography>
          ) : null}
          {since ? (
            <Typography
              component="li"
              variant="body2"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
            >
              <EventIcon fontSize="small" aria-hidden />
              Member since {since}
            </Typography>
          ) : null}
        </Stack>
      </Box>
    </Box>
  );
}
