import { formatPhone, type Shop } from '@campus/shared';
import { Box, Link, LocationOnIcon, PersonIcon, PhoneIcon, Stack, Typography } from '@mui/material';
import { PROFILE_PLACEHOLDER, SHOP_COVER_PLACEHOLDER } from '../../common/utils/placeholder-images';
import { ReportMenu } from '../../trust/components/ReportMenu';
import { VerifiedBadge } from '../../trust/components/VerifiedBadge';

/**
 * Top of the shop page (docs/product.md §2 "Shop details"): cover banner (placeholder if none), owner photo
 * (placeholder if none), the name as the page's `<h1>`, the description, then the owner's full
 * name ('Owner name not available'), the address ('Location not specified') and the owner's
 * WhatsApp number ('Phone not specified'), shown as '+254 700 000 005' (the link keeps the digits).
 */
export function ShopHeader({ shop }: { shop: Shop }) {
  const owner = shop.owner;
  const ownerName = [owner?.firstName, owner?.lastName].filter(Boolean).join(' ').trim();
  const cover = shop.coverImage || shop.coverThumbnail;
  return (
    <Box sx={{ mb: 4 }}>
      <Box sx={{ position: 'relative', mb: 7 }}>
        <img
          src={cover || SHOP_COVER_PLACEHOLDER}
          srcSet={
            shop.coverImage && shop.coverThumbnail
              ? `${shop.coverThumbnail} 400w, ${shop.coverImage} 1200w`
              : undefined
          }
          sizes={shop.coverImage && shop.coverThumbnail ? '100vw' : undefined}
          alt={cover ? `Cover of ${shop.name}` : ''}
          width={1200}
          height={300}
          decoding="async"
          fetchPriority="high"
          style={{
            display: 'block',
            width: '100%',
            height: 'clamp(140px, 28vw, 280px)',
            objectFit: 'cover',
            borderRadius: 10,
            backgroundColor: '#0b6e4f',
          }}
        />
        <img
          src={owner?.photo || PROFILE_PLACEHOLDER}
          alt={ownerName ? `Photo of ${ownerName}` : 'Shop owner'}
          width={96}
          height={96}
          decoding="async"
          style={{
            position: 'absolute',
            left: 16,
            bottom: -48,
            width: 96,
            height: 96,
            borderRadius: '50%',
            objectFit: 'cover',
            border: '4px solid #fff',
            backgroundColor: '#dfe5e1',
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography
          variant="h1"
          sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}
        >
          {shop.name}
        </Typography>
        <ReportMenu targetType="shop" targetId={shop._id} label={shop.name} ownerId={owner?._id} />
      </Box>
      {shop.description ? (
        <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {shop.description}
        </Typography>
      ) : null}
      <Stack
        component="ul"
        spacing={1}
        sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0, color: 'text.secondary' }}
      >
        <Typography component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <PersonIcon fontSize="small" aria-hidden />
          {ownerName || 'Owner name not available'}
          {owner?.verifiedStudent ? <VerifiedBadge university={owner.university} /> : null}
        </Typography>
        <Typography component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LocationOnIcon fontSize="small" aria-hidden />
          {shop.address || 'Location not specified'}
        </Typography>
        <Typography component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <PhoneIcon fontSize="small" aria-hidden />
          {owner?.whatsApp ? (
            <Link href={`tel:+${owner.whatsApp.replace(/\D/g, '')}`}>{formatPhone(owner.whatsApp)}</Link>
          ) : (
            'Phone not specified'
          )}
        </Typography>
      </Stack>
    </Box>
  );
}
