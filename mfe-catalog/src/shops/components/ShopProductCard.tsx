import { formatKes, type ShopProduct } from '@campus/shared';
import { Box, Card, IconButton, Link, Typography } from '@mui/material';
import { CardCover } from '../../common/components/CardCover';
import { DENSE_PHONE_CARD_SLOT } from '../../common/components/CardGrid';
import { MaskIcon } from '../../common/components/MaskIcons';
import { SaveButton } from '../../favourites/SaveButton';

/** `sizes` of a shop card cover: 2 columns (capped on dense phone screens), 3 from 1200 px, 4 from 1536 px. */
const SHOP_CARD_SIZES = `(min-width: 1536px) 25vw, (min-width: 1200px) 33vw, ${DENSE_PHONE_CARD_SLOT}, 50vw`;

interface ShopProductCardProps {
  product: ShopProduct;
  /** Chat link for this product (the API's counted shop chat route, docs/product.md §20.6) and the shop's name for its label. */
  chatHref: string;
  shopName: string;
  /** Opens the product modal. */
  onOpen: () => void;
  eager?: boolean;
}

/**
 * A product card on the shop page (docs/product.md §2 "Shop details"): cover (placeholder if none), the
 * title as a button opening the modal, the description clamped to two lines, the price as 'Kes'
 * with 2 decimals and a WhatsApp chat icon link; the heart in the cover's corner (docs/product.md §20.1).
 */
export function ShopProductCard({
  product,
  chatHref,
  shopName,
  onOpen,
  eager = false,
}: ShopProductCardProps) {
  return (
    <Card
      component="article"
      variant="outlined"
      sx={{ width: '100%', display: 'flex', flexDirection: 'column', position: 'relative' }}
    >
      <SaveButton kind="products" id={product._id} title={product.title} placement="card-corner" />
      <CardCover
        thumbnail={product.coverThumbnail}
        large={product.coverImage}
        title={product.title}
        sizes={SHOP_CARD_SIZES}
        eager={eager}
      />
      <Box sx={{ p: 1.25, display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
        <Typography component="h3" sx={{ fontSize: '0.95rem', fontWeight: 600 }}>
          <Link
            component="button"
            type="button"
            onClick={onOpen}
            aria-haspopup="dialog"
            underline="hover"
            sx={{ font: 'inherit', textAlign: 'left', overflowWrap: 'anywhere' }}
          >
            {product.title}
          </Link>
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
            my: 0.5,
          }}
        >
          {product.description}
        </Typography>
        {/* The chat icon always sits right of the price, whatever the price's width: a long price
            wraps between 'Kes' and the amount instead of pushing the icon below (docs/product.md §21.13). */}
        <Box
          sx={{
            mt: 'auto',
            display: 'flex',
            flexWrap: 'nowrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 0.5,
          }}
        >
          <Typography sx={{ fontWeight: 700, color: 'primary.main', minWidth: 0, overflowWrap: 'normal' }}>
            {formatKes(product.price)}
          </Typography>
          <IconButton
            component="a"
            href={chatHref}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Chat with ${shopName} on WhatsApp about ${product.title}`}
            color="primary"
            edge="end"
            sx={{ flexShrink: 0 }}
          >
            <MaskIcon shape="WhatsApp" />
          </IconButton>
        </Box>
      </Box>
    </Card>
  );
}
