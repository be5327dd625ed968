import { productChatLink, truncate, usePageMeta } from '@campus/shared';
import { useParams } from 'react-router';
import { DetailFallback } from '../../common/components/DetailFallback';
import { ListingDetail } from '../../common/components/ListingDetail';
import { useItemFetch } from '../../common/hooks/useItemFetch';
import { getProduct } from '../api/get-product';

/**
 * Product detail (route /products/{productId}; content is ours, spec 2 leaves it open): photos,
 * full title, price, 'Contact on WhatsApp', views, description, category, the seller with
 * university and a link to their shop. Page title = the product title. An unknown id (404)
 * goes to the not-found page (API client).
 */
export default function ProductDetailPage() {
  const { productId } = useParams();
  const { item: product, loading, failed, retry } = useItemFetch(productId, getProduct, 'product');
  usePageMeta(product?.title ?? 'Product', product ? truncate(product.description, 155, true) : undefined);
  if (!product || product._id !== productId) {
    return <DetailFallback what="product" loading={loading || !failed} onRetry={retry} />;
  }
  const seller = product.seller;
  const sellerName = [seller?.firstName, seller?.lastName].filter(Boolean).join(' ') || 'Unknown';
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
      coverImage={product.coverImage}
      coverThumbnail={product.coverThumbnail}
      photos={product.photos}
      personRole="Seller"
      personName={sellerName}
      university={seller?.university}
      shop={product.shop}
      chatHref={productChatLink(product)}
    />
  );
}
