/**
 * A seller's public page (docs/product.md §20.8): `GET /sellers/:id` → the seller's public profile
 * (name, photo, campus, verified-student badge, member since) and their listed public products
 * (available and reserved, reserved after available) and services, newest first, at most
 * `SELLER_PAGE_LIMIT` each, as the lists show them. Cached like the other public answers
 * (`response-cache.ts`, dropped by any write to products, services, shops or users).
 */
import { SELLER_PAGE_LIMIT, type SellerPage } from '@campus/shared/contract';
import type { ResponseCache } from '../catalog/response-cache.ts';
import { isUuid } from '../common/http.ts';
import { ratingOf } from '../deals/rating.ts';
import { notFound } from '../errors.ts';
import { productListItem } from '../products/service.ts';
import { serviceListItem } from '../services/service.ts';
import type { SellersRepository } from './repository.ts';

export const SELLER_NOT_FOUND = 'Seller not found';

export type SellersService = ReturnType<typeof sellersService>;

/** Builds the sellers service; `responses` is the app's cache of public answers. */
export function sellersService(repository: SellersRepository, deps: { responses: ResponseCache }) {
  return {
    /**
     * `GET /sellers/:id`: `{seller, products, services}`.
     * @throws HttpError 404 'Seller not found' for a malformed or unknown id or a suspended account
     */
    async get(id: string): Promise<SellerPage> {
      if (!isUuid(id)) throw notFound(SELLER_NOT_FOUND);
      return deps.responses.get(
        `sellers:${id.toLowerCase()}`,
        ['users', 'products', 'services', 'shops'],
        async () => {
          const [seller, products, services] = await Promise.all([
            repository.findPublicSeller(id),
            repository.findProducts(id, SELLER_PAGE_LIMIT),
            repository.findServices(id, SELLER_PAGE_LIMIT),
          ]);
          if (!seller) throw notFound(SELLER_NOT_FOUND);
          return {
            seller: {
              _id: seller.id,
              firstName: seller.first_name,
              lastName: seller.last_name,
              photo: seller.photo,
              university: seller.university,
              verifiedStudent: seller.verified_student,
              memberSince: seller.created_at.toISOString(),
              rating: ratingOf(seller.rating_count, seller.rating_sum),
            },
            products: products.map(productListItem),
            services: services.map(serviceListItem),
          };
        },
      );
    },
  };
}
