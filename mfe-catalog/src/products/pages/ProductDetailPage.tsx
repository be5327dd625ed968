import { chatRoute, usePageMeta } from '@campus/shared';
import { useParams } from 'react-router';
import { DetailFallback } from '../../common/components/DetailFallback';
import { ListingDetail } from '../../common/components/ListingDetail';
import { useItemFetch } from '../../common/hooks/useItemFetch';
import { itemDescription } from '../../common/utils/item-description';
import { DealClaim } from '../../deals/DealClaim';
import { withRating } from '../../deals/RatingBadge';
import { SaveButton } from '../../favourites/SaveButton';
import { useSaveMarker } from '../../favourites/useSaveMarker';
import { ReportMenu } from '../../trust/components/ReportMenu';
import { SafetySignals } from '../../trust/components/SafetySignals';
import { SafetyTips } from '../../trust/components/SafetyTips';
import { VerifiedBadge } from '../../trust/components/VerifiedBadge';
import { getProduct } from '../api/get-product';
import { loadProductDetail } from '../server/load-products';
import { isNegotiable, isReserved, productCondition, productCourseCodes } from '../utils/product-facts';

/** Server-side data and head of this page (docs/product.md §23.3 and §23.6). */
export const loadServerData = loadProductDetail;

/**
 * Product detail (route /products/{productId}; content is ours, docs/product.md §2 leaves it open): photos,
 * full title, price, 'Contact on WhatsApp', views, description, category, the seller with
 * university and a link to their shop; condition, negotiable, reserved, the heart and the seller's
 * page (docs/product.md §20). `?save=products:<id>` saves it once signed in (the guest's heart, item 1). Page title = the product title. An unknown id (404)
 * goes to the not-found page (API client).
 */
export default function ProductDetailPage() {
  const { productId } = useParams();
  const { item: product, loading, failed, retry } = useItemFetch(productId, getProduct, 'product');
  usePageMeta(product?.title ?? 'Product', product ? itemDescription(product.description) : undefined);
  useSaveMarker('products', productId);
  if (!product || product._id !== productId) {
    return <DetailFallback what="product" loading={loading || !failed} onRetry={retry} />;
  }
  const seller = product.seller;
  const sellerName = [seller?.firstName, seller?.lastName].filter(Boolean).join(' ') || 'Unknown';
  const facts: [string, string][] = [];
  if (productCourseCodes(product)) facts.push(['Course codes', productCourseCodes(product)]);
  if (productCondition(product)) facts.push(['Condition', productCondition(product)]);
  if (isNegotiable(product)) facts.push(['Price', 'Negotiable']);
  return (
    <ListingDetail
      back={{ to: '/products', label: 'All products' }}
      title={product.title}
      price={product.price}
      description={product.description}
      category={product.category}
      categoryTo={product.category ? `/products?category=${encodeURIComponent(product.category)}` : undefined}
      views={product.views}
      createdAt={product.createdAt}
      sold={product.status === 'sold'}
      reserved={isReserved(product)}
      facts={facts}
      save={<SaveButton kind="products" id={product._id} title={product.title} />}
      coverImage={product.coverImage}
      coverThumbnail={product.coverThumbnail}
      photos={product.photos}
      personRole="Seller"
      personName={sellerName}
      personTo={seller?._id ? `/sellers/${seller._id}` : undefined}
      university={seller?.university}
      shop={product.shop}
      chatHref={chatRoute('products', product._id)}
      chatActions={
        <ReportMenu targetType="product" targetId={product._id} label={product.title} ownerId={seller?._id} />
      }
      beforeChat={<SafetySignals signals={product.safetySignals} />}
      afterChat={
        <>
          <SafetyTips />
          {/* Deals and ratings (docs/product.md §28). */}
          <DealClaim
            kind="product"
            listingId={product._id}
            ownerId={seller?._id}
            chatHref={chatRoute('products', product._id)}
          />
        </>
      }
      personBadge={withRating(
        seller?.verifiedStudent ? <VerifiedBadge university={seller.university} /> : null,
        seller?.rating,
      )}
    />
  );
}
