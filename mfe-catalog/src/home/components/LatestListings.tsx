import { type Product, preloadKey, type Service, usePreloaded } from '@campus/shared';
import { Skeleton, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { CardGrid } from '../../common/components/CardGrid';
import { getProducts } from '../../products/api/get-products';
import { ProductCard } from '../../products/components/ProductCard';
import { getServices } from '../../services/api/get-services';
import { ServiceCard } from '../../services/components/ServiceCard';
import { latestQuery, loadLatestListings } from '../server/load-latest';

/** Server-side data of the home page's newest products and services (docs/product.md §23.3). */
export const loadServerData = loadLatestListings;

/** Props of the exposed `catalog/LatestListings`. */
export interface LatestListingsProps {
  /** Which list to show. */
  kind: 'products' | 'services';
  /** How many of the newest items to show; default 8, at most 20 (one API page). */
  limit?: number;
}

type Listing = { kind: 'products'; items: Product[] } | { kind: 'services'; items: Service[] };

/**
 * The newest products or services as a grid of the list cards, for the host's home page (exposed
 * as `catalog/LatestListings`). No heading (the host gives one; card titles are `<h3>`),
 * placeholders while loading, a quiet line when there is nothing; a failure is only logged
 * (nothing rendered).
 */
export default function LatestListings({ kind, limit = 8 }: LatestListingsProps) {
  const { limit: count } = latestQuery(limit);
  // The cards the server rendered (docs/product.md §23.3) are shown at once and not fetched again.
  const preloaded = usePreloaded<Listing>(preloadKey(`latest-${kind}`, latestQuery(limit)));
  const [listing, setListing] = useState<Listing | null>(preloaded ?? null);
  const [loading, setLoading] = useState(!preloaded);
  const preloadedKind = useRef(preloaded ? kind : null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (preloadedKind.current === kind) {
      preloadedKind.current = null;
      return;
    }
    preloadedKind.current = null;
    const controller = new AbortController();
    const query = { page: 1, limit: count };
    setLoading(true);
    setFailed(false);
    const request: Promise<Listing> =
      kind === 'services'
        ? getServices(query, controller.signal).then((page) => ({ kind: 'services', items: page.items }))
        : getProducts(query, controller.signal).then((page) => ({ kind: 'products', items: page.items }));
    request
      .then((result) => {
        if (!controller.signal.aborted) setListing(result);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Failed to fetch the latest ${kind}`, error);
        setFailed(true);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [kind, count]);

  if (loading && !listing) {
    return (
      <CardGrid busy label={`Loading the latest ${kind}`}>
        {Array.from({ length: Math.min(count, 4) }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
          <li key={index}>
            <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '3 / 4' }} />
          </li>
        ))}
      </CardGrid>
    );
  }
  if (!listing && failed) return null;
  if (!listing || listing.items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {kind === 'services' ? 'No services listed yet.' : 'No products listed yet.'}
      </Typography>
    );
  }
  return (
    <CardGrid busy={loading}>
      {listing.kind === 'services'
        ? listing.items.map((service) => (
            <li key={service._id}>
              <ServiceCard service={service} headingLevel="h3" />
            </li>
          ))
        : listing.items.map((product) => (
            <li key={product._id}>
              <ProductCard product={product} headingLevel="h3" />
            </li>
          ))}
    </CardGrid>
  );
}
