/**
 * The counted chat links under /api/v1 (docs/product.md §20.6): `GET /products/:id/chat`,
 * `GET /services/:id/chat` and `GET /shops/:id/chat?product=<id>` (without `product`: a greeting
 * to the shop) count one click (at most once
 * per visitor, listing and Africa/Nairobi day; the visitor is its signed visitor cookie or its
 * address, as a salted daily hash, and at most 20 visitors per address count, see `visitor.ts`
 * and ADR 0031) and answer 302 to the wa.me link the site builds (`@campus/shared/whatsapp`,
 * docs/product.md §7's message, with PUBLIC_URL as the site origin). Unknown or non-public ids: 404 JSON.
 * The answer is `no-store` and `X-Robots-Tag: noindex` (a crawler following it would count).
 * Counting never blocks the redirect: if the day's salt cannot be read, the click is not counted.
 */

import { PRODUCT_NAME } from '@campus/shared/constants';
import type { ProductDetail, ServiceDetail } from '@campus/shared/contract';
import { chatLink, productChatLink, serviceChatLink, shopProductChatLink } from '@campus/shared/whatsapp';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_STORE } from '../common/http.ts';
import type { CountedKind } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { PRODUCT_NOT_FOUND } from '../products/service.ts';
import { nairobiDay } from './visitor.ts';

const redirectSchema = (tag: string, summary: string, querystring?: object) =>
  ({
    tags: [tag],
    summary,
    description:
      '302 to https://wa.me/<number>?text=<the docs/product.md §7 message>; counted once per visitor (signed visitor cookie, else the address; salted daily hash) per listing per Africa/Nairobi day, at most 20 visitors per address. 404 for an unknown id.',
    params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
    ...(querystring ? { querystring } : {}),
    response: { 302: { type: 'null', description: 'Redirect to WhatsApp' } },
  }) as const;

const shopQuery = {
  type: 'object',
  properties: {
    product: { type: 'string', description: 'The product chatted about (the shop page’s chat buttons)' },
  },
} as const;

export default async function chatRoutes(app: FastifyInstance) {
  const origin = app.config.publicUrl;
  const { counters } = app.engagement;

  /**
   * Counts the click (once per visitor per listing and day, within the burst rule, ADR 0031;
   * errors logged, never thrown) and answers 302 to `link`.
   */
  async function countAndRedirect(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: CountedKind,
    id: string,
    link: string,
  ) {
    const visit = await app.engagement.identify(request, reply);
    if (visit) counters.chatClick(kind, id.toLowerCase(), nairobiDay(new Date()), visit);
    reply.header('cache-control', NO_STORE).header('x-robots-tag', 'noindex');
    return reply.redirect(link, 302);
  }

  app.get<{ Params: { id: string } }>(
    '/products/:id/chat',
    { schema: redirectSchema('products', 'Chat with the seller on WhatsApp (counted)') },
    async (request, reply) => {
      const product = (await app.products.findPublic(request.params.id)) as ProductDetail;
      return countAndRedirect(request, reply, 'products', product._id, productChatLink(product, origin));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/services/:id/chat',
    { schema: redirectSchema('services', 'Chat with the provider on WhatsApp (counted)') },
    async (request, reply) => {
      const service = (await app.services.findPublic(request.params.id)) as ServiceDetail;
      return countAndRedirect(request, reply, 'services', service._id, serviceChatLink(service, origin));
    },
  );

  app.get<{ Params: { id: string }; Querystring: { product?: string } }>(
    '/shops/:id/chat',
    {
      schema: redirectSchema(
        'shops',
        'Chat with a shop about one of its products on WhatsApp (counted)',
        shopQuery,
      ),
    },
    async (request, reply) => {
      const shop = await app.shops.get(request.params.id);
      const wanted = request.query.product?.toLowerCase();
      let product: Parameters<typeof shopProductChatLink>[1] | undefined = wanted
        ? (await app.shops.listProducts(shop._id)).find((p) => p._id === wanted)
        : undefined;
      if (wanted && !product) {
        // Beyond the shop page's first 100 products: any public product of this shop.
        const detail = (await app.products.findPublic(wanted)) as ProductDetail;
        if (detail.shop?._id !== shop._id) throw notFound(PRODUCT_NOT_FOUND);
        const { _id, title, description, price, coverImage } = detail;
        product = { _id, title, description, price, coverImage };
      }
      // Without a product (no such button on the site today): a greeting to the shop's number.
      const link = product
        ? shopProductChatLink(shop, product, origin)
        : chatLink(
            shop.owner?.whatsApp || shop.phone,
            `Hello ${shop.name}, I found your shop on ${PRODUCT_NAME} and I'm interested.`,
          );
      return countAndRedirect(request, reply, 'shops', shop._id, link);
    },
  );
}
