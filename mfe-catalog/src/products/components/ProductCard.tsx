import { chatRoute, type Product, sellerLabel } from '@campus/shared';
import { ListingCard } from '../../common/components/ListingCard';
import { withRating } from '../../deals/RatingBadge';
import { SaveButton } from '../../favourites/SaveButton';
import { VerifiedBadge } from '../../trust/components/VerifiedBadge';
import { isReserved, productDetailsLine } from '../utils/product-facts';

interface ProductCardProps {
  product: Product;
  /** Above the fold: load the cover at once instead of lazily. */
  eager?: boolean;
  /** Heading level of the title: 'h2' on the list page, 'h3' under a host heading. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * Product card (docs/product.md §2 "Products list"): cover, title cut to 18 characters, price in Kes, the
 * seller label (shop name, else seller firstName, else 'Unknown') linked to the seller's page with
 * their campus, condition and "Negotiable", the Reserved badge and the heart (docs/product.md §20), a link to
 * /products/{id} and the chat link (the API's counted route to the shop's or seller's WhatsApp,
 * docs/product.md §7, §20.6).
 */
export function ProductCard({ product, eager, headingLevel }: ProductCardProps) {
  const seller = sellerLabel(product);
  return (
    <ListingCard
      to={`/products/${product._id}`}
      title={product.title}
      price={product.price}
      coverThumbnail={product.coverThumbnail}
      coverImage={product.coverImage}
      byline={seller}
      bylineTo={product.seller?._id ? `/sellers/${product.seller._id}` : undefined}
      university={product.seller?.university}
      details={productDetailsLine(product)}
      reserved={isReserved(product)}
      save={<SaveButton kind="products" id={product._id} title={product.title} placement="card-corner" />}
      badge={withRating(
        product.seller?.verifiedStudent ? <VerifiedBadge university={product.seller.university} /> : null,
        product.seller?.rating,
      )}
      chatHref={chatRoute('products', product._id)}
      chatLabel={`Chat with ${seller === 'Unknown' ? 'the seller' : seller} on WhatsApp about ${product.title}`}
      eager={eager}
      headingLevel={headingLevel}
    />
  );
}
