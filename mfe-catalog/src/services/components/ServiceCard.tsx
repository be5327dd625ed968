import { type Service, serviceChatLink } from '@campus/shared';
import { ListingCard } from '../../common/components/ListingCard';
import { VerifiedBadge } from '../../trust/components/VerifiedBadge';

interface ServiceCardProps {
  service: Service;
  /** Above the fold: load the cover at once instead of lazily. */
  eager?: boolean;
  /** Heading level of the name: 'h2' on the list page, 'h3' under a host heading. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * Service card (spec 2 "Services list"): cover, name cut to 18 characters, price in Kes, the
 * provider's firstName (else 'Unknown'), a link to /services/{id} and the chat link to the
 * provider's WhatsApp (spec 7).
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
      badge={
        service.provider?.verifiedStudent ? <VerifiedBadge university={service.provider.university} /> : null
      }
      chatHref={serviceChatLink(service)}
      chatLabel={`Chat with ${provider === 'Unknown' ? 'the provider' : provider} on WhatsApp about ${service.name}`}
      eager={eager}
      headingLevel={headingLevel}
    />
  );
}
