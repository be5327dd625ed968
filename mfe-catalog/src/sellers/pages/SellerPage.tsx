import { usePageMeta } from '@campus/shared';
import { Box, Container, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { CardGrid } from '../../common/components/CardGrid';
import { DetailFallback } from '../../common/components/DetailFallback';
import { useItemFetch } from '../../common/hooks/useItemFetch';
import { SellerReviews } from '../../deals/SellerReviews';
import { ProductCard } from '../../products/components/ProductCard';
import { ServiceCard } from '../../services/components/ServiceCard';
import { getSeller } from '../api/get-seller';
import { SellerHeader, sellerFullName } from '../components/SellerHeader';
import { loadSeller, sellerDescription } from '../server/load-seller';

/** Server-side data and head of this page (docs/product.md §20.8, like the shop page; ADR 0009). */
export const loadServerData = loadSeller;

/** Cards loaded eagerly (the first row on a phone). */
const EAGER_CARDS = 2;

/**
 * A seller's page (docs/product.md §20.8, route /sellers/{id}): their photo, name, verified-student
 * badge, campus and "Member since", then their available products and services as cards
 * ('No products yet.' / 'No services yet.' when empty). Linked from the cards' owner names and the
 * item pages. An unknown id (404 'Seller not found') goes to the not-found page (API client).
 */
export default function SellerPage() {
  const { sellerId } = useParams();
  const { item, loading, failed, retry } = useItemFetch(sellerId, getSeller, 'seller');
  const name = item ? sellerFullName(item.seller) : 'Seller';
  usePageMeta(name, item ? sellerDescription(item.seller) : undefined);
  if (!item || item.seller._id !== sellerId) {
    return <DetailFallback what="seller" loading={loading || !failed} onRetry={retry} />;
  }
  const { seller, products, services } = item;
  return (
    <Container sx={{ py: 3 }}>
      <SellerHeader seller={seller} />
      <Box component="section" aria-labelledby="seller-products-heading" sx={{ mb: 4 }}>
        <Typography id="seller-products-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
          Products
        </Typography>
        {products.length === 0 ? (
          <Typography color="text.secondary">No products yet.</Typography>
        ) : (
          <CardGrid>
            {products.map((product, index) => (
              <li key={product._id}>
                <ProductCard product={product} eager={index < EAGER_CARDS} headingLevel="h3" />
              </li>
            ))}
          </CardGrid>
        )}
      </Box>
      <Box component="section" aria-labelledby="seller-services-heading">
        <Typography id="seller-services-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
          Services
        </Typography>
        {services.length === 0 ? (
          <Typography color="text.secondary">No services yet.</Typography>
        ) : (
          <CardGrid>
            {services.map((service) => (
              <li key={service._id}>
                <ServiceCard service={service} headingLevel="h3" />
              </li>
            ))}
          </CardGrid>
        )}
      </Box>
      {/* Reviews from confirmed deals (docs/product.md §28). */}
      <SellerReviews sellerId={seller._id} count={seller.rating?.count ?? 0} />
    </Container>
  );
}
