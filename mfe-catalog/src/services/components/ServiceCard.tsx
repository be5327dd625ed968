import { chatRoute, type Service } from '@campus/shared';
import { ListingCard } from '../../common/components/ListingCard';
import { withRating } from '../../deals/RatingBadge';
import { SaveButton } from '../../favourites/SaveButton';
import { VerifiedBadge } from '../../trust/components/VerifiedBadge';

interface ServiceCardProps {
  service: Service;
  /** Above the fold: load the cover at once instead of lazily. */
  eager?: boolean;
  /** Heading level of the name: 'h2' on the list page, 'h3' under a host heading. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * Service card (docs/product.md §2 "Services list"): cover, name cut to 18 characters, price in Kes, the
 * provider's firstName (else 'Unknown') linked to their page with their campus, the heart
 * (docs/product.md §20), a link to /services/{id} and the chat link (the API's counted route to the
 * provider's WhatsApp, docs/product.md §7, §20.6).
 */
export function ServiceCard({ service, eager, headingLevel }: ServiceCardProps) {
  const provider = service.provider?.firstName || 'Unknown';
  return (
    <ListingCard
      to={`/services/${service._id}`}
      title={service.name}
      price={service.price}
      coverThumbnail={service.coverThumbnail}
      coverImage={service.coverImage}
      byline={provider}
      bylineTo={service.provider?._id ? `/sellers/${service.provider._id}` : undefined}
      university={service.provider?.university}
      save={<SaveButton kind="services" id={service._id} title={service.name} placement="card-corner" />}
      badge={withRating(
        service.provider?.verifiedStudent ? <VerifiedBadge university={service.provider.university} /> : null,
        service.provider?.rating,
      )}
      chatHref={chatRoute('services', service._id)}
      chatLabel={`Chat with ${provider === 'Unknown' ? 'the provider' : provider} on WhatsApp about ${service.name}`}
      eager={eager}
      headingLevel={headingLevel}
    />
  );
}
