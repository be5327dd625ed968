import { Dialog, DialogActions, DialogContent, DialogTitle } from '@campus/mui-overlays';
import { chatRoute, formatKes, type Shop, type ShopProduct } from '@campus/shared';
import { Button, Typography } from '@mui/material';
import { useRef } from 'react';
import { ChatLinkButton } from '../../common/components/ChatLinkButton';
import { CoverImage } from '../../common/components/CoverImage';
import { SafetyTips } from '../../trust/components/SafetyTips';

interface ShopProductDialogProps {
  /** The product shown; null closes the modal. */
  product: ShopProduct | null;
  /** The shop (its owner's or phone number receives the chat, docs/product.md §7). */
  shop: Shop;
  onClose: () => void;
}

/**
 * The product modal of the shop page (docs/product.md §2 "Shop details"): title, image (placeholder if
 * none), description, price, a 'Close' button and a 'Contact on WhatsApp' link.
 */
export function ShopProductDialog({ product: selected, shop, onClose }: ShopProductDialogProps) {
  // Keep the last product while the modal fades out.
  const last = useRef(selected);
  if (selected) last.current = selected;
  const product = selected ?? last.current;
  return (
    <Dialog open={selected !== null} onClose={onClose} fullWidth maxWidth="sm" scroll="body">
      {product ? (
        <>
          <DialogTitle sx={{ overflowWrap: 'anywhere' }}>{product.title}</DialogTitle>
          <DialogContent>
            <CoverImage
              thumbnail={product.coverThumbnail}
              large={product.coverImage}
              alt={product.title}
              sizes="(min-width: 600px) 552px, 100vw"
              eager
              style={{ borderRadius: 8, objectFit: 'contain' }}
            />
            <Typography sx={{ mt: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {product.description || 'No description available'}
            </Typography>
            <Typography sx={{ mt: 1, fontWeight: 700, fontSize: '1.25rem', color: 'primary.main' }}>
              {formatKes(product.price)}
            </Typography>
            <SafetyTips />
          </DialogContent>
          {/* Buttons keep their label on one line; on a narrow phone the link moves below whole. */}
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
            <Button onClick={onClose}>Close</Button>
            <ChatLinkButton href={chatRoute('shops', shop._id, product._id)} size="medium">
              Contact on WhatsApp
            </ChatLinkButton>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
