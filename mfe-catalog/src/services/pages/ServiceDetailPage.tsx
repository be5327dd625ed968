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
import { getService } from '../api/get-service';
import { loadServiceDetail } from '../server/load-services';

/** Server-side data and head of this page (docs/product.md §23.3 and §23.6). */
export const loadServerData = loadServiceDetail;

/**
 * Service detail (route /services/{serviceId}; content is ours, docs/product.md §2 leaves it open): photos,
 * full name, price, 'Contact on WhatsApp', views, description, category and the provider with
 * university (linked to their page), the heart (docs/product.md §20; `?save=services:<id>` saves it once
 * signed in). Page title = the service name. An unknown id (404) goes to the not-found page.
 */
export default function ServiceDetailPage() {
  const { serviceId } = useParams();
  const { item: service, loading, failed, retry } = useItemFetch(serviceId, getService, 'service');
  usePageMeta(service?.name ?? 'Service', service ? itemDescription(service.description) : undefined);
  useSaveMarker('services', serviceId);
  if (!service || service._id !== serviceId) {
    return <DetailFallback what="service" loading={loading || !failed} onRetry={retry} />;
  }
  const provider = service.provider;
  const providerName = [provider?.firstName, provider?.lastName].filter(Boolean).join(' ') || 'Unknown';
  return (
    <ListingDetail
      back={{ to: '/services', label: 'All services' }}
      title={service.name}
      price={service.price}
      description={service.description}
      category={service.category}
      categoryTo={service.category ? `/services?category=${encodeURIComponent(service.category)}` : undefined}
      views={service.views}
      createdAt={service.createdAt}
      coverImage={service.coverImage}
      coverThumbnail={service.coverThumbnail}
      photos={service.photos}
      personRole="Provider"
      personName={providerName}
      personTo={provider?._id ? `/sellers/${provider._id}` : undefined}
      save={<SaveButton kind="services" id={service._id} title={service.name} />}
      university={provider?.university}
      chatHref={chatRoute('services', service._id)}
      chatActions={
        <ReportMenu
          targetType="service"
          targetId={service._id}
          label={service.name}
          ownerId={provider?._id}
        />
      }
      beforeChat={<SafetySignals signals={service.safetySignals} />}
      afterChat={
        <>
          <SafetyTips />
          {/* Deals and ratings (docs/product.md §28). */}
          <DealClaim
            kind="service"
            listingId={service._id}
            ownerId={provider?._id}
            chatHref={chatRoute('services', service._id)}
          />
        </>
      }
      personBadge={withRating(
        provider?.verifiedStudent ? <VerifiedBadge university={provider.university} /> : null,
        provider?.rating,
      )}
    />
  );
}
