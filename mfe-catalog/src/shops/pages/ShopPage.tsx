import {
  apiErrorMessage,
  chatRoute,
  lazyPanel,
  MountWhenOpened,
  preloadKey,
  type Shop,
  type ShopProduct,
  truncate,
  usePageMeta,
  usePreloaded,
} from '@campus/shared';
import { Alert, Box, Container, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { LoadingSpinner } from '../../common/components/LoadingSpinner';
import { SafetyTips } from '../../trust/components/SafetyTips';
import { getShop } from '../api/get-shop';
import { getShopProducts } from '../api/get-shop-products';
import { ShopHeader } from '../components/ShopHeader';
import { ShopProductCard } from '../components/ShopProductCard';
import { loadShop } from '../server/load-shop';

// The product dialog (and MUI's Dialog) downloads when a product is first opened (docs/product.md §23).
const ShopProductDialog = lazyPanel(() =>
  import('../components/ShopProductDialog').then((m) => m.ShopProductDialog),
);

/** Server-side data and head of this page (docs/product.md §23.3 and §23.6). */
export const loadServerData = loadShop;

/** Error line when the answer has no shop (docs/product.md §8 "Shop missing in response"). */
export const SHOP_MISSING_MESSAGE = 'Shop data is missing or invalid';

type ShopState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; shop: Shop; products: ShopProduct[] };

/** Cards loaded eagerly (the first row). */
const EAGER_CARDS = 2;

/**
 * Shop details (docs/product.md §2 "Shop details", route /shop/{shopId}): a spinner, then an error line
 * ('Failed to load shop data: {message}' or 'Shop data is missing or invalid') or the shop: its
 * header, then 'Products in Shop' as a 2/3/4-column grid ('No products found for this shop.'
 * when empty) whose titles open the product modal.
 */
export default function ShopPage() {
  const { shopId } = useParams();
  // The shop the server rendered (docs/product.md §23.3) is shown at once and not fetched again.
  const preloaded = usePreloaded<{ shop: Shop; products: ShopProduct[] }>(preloadKey('shop', shopId ?? ''));
  const [state, setState] = useState<ShopState>(
    preloaded ? { status: 'loaded', ...preloaded } : { status: 'loading' },
  );
  const preloadedId = useRef(preloaded ? shopId : null);
  const [selected, setSelected] = useState<ShopProduct | null>(null);
  const shop = state.status === 'loaded' ? state.shop : null;
  usePageMeta(shop?.name ?? 'Shop', shop?.description ? truncate(shop.description, 155, true) : undefined);

  useEffect(() => {
    if (!shopId) return;
    if (preloadedId.current === shopId) {
      preloadedId.current = null;
      return;
    }
    preloadedId.current = null;
    const controller = new AbortController();
    setState({ status: 'loading' });
    Promise.all([getShop(shopId, controller.signal), getShopProducts(shopId, controller.signal)])
      .then(([loadedShop, products]) => {
        if (controller.signal.aborted) return;
        if (!loadedShop) setState({ status: 'error', message: SHOP_MISSING_MESSAGE });
        else setState({ status: 'loaded', shop: loadedShop, products });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load shop data', error);
        const fallback = error instanceof Error ? error.message : String(error);
        setState({
          status: 'error',
          message: `Failed to load shop data: ${apiErrorMessage(error, fallback)}`,
        });
      });
    return () => controller.abort();
  }, [shopId]);

  if (state.status === 'loading') {
    return (
      <Container sx={{ py: 3 }}>
        <LoadingSpinner label="Loading shop" />
      </Container>
    );
  }
  if (state.status === 'error') {
    return (
      <Container sx={{ py: 3 }}>
        <Alert severity="error">{state.message}</Alert>
      </Container>
    );
  }
  return (
    <Container sx={{ py: 3 }}>
      <ShopHeader shop={state.shop} />
      <Box component="section" aria-labelledby="shop-products-heading">
        <Typography id="shop-products-heading" variant="h2" sx={{ mb: 2 }}>
          Products in Shop
        </Typography>
        {state.products.length > 0 ? <SafetyTips /> : null}
        {state.products.length === 0 ? (
          <Typography>No products found for this shop.</Typography>
        ) : (
          <Box
            component="ul"
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(3, minmax(0, 1fr))',
                xl: 'repeat(4, minmax(0, 1fr))',
              },
              gap: { xs: 1.5, md: 2 },
              listStyle: 'none',
              p: 0,
              m: 0,
              '& > li': { display: 'flex', minWidth: 0 },
            }}
          >
            {state.products.map((product, index) => (
              <li key={product._id}>
                <ShopProductCard
                  product={product}
                  chatHref={chatRoute('shops', state.shop._id, product._id)}
                  shopName={state.shop.name}
                  onOpen={() => setSelected(product)}
                  eager={index < EAGER_CARDS}
                />
              </li>
            ))}
          </Box>
        )}
      </Box>
      <MountWhenOpened open={selected !== null}>
        <ShopProductDialog product={selected} shop={state.shop} onClose={() => setSelected(null)} />
      </MountWhenOpened>
    </Container>
  );
}
