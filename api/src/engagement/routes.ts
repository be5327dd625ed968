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
 * A request carrying a signed-in student's `Authorization: Bearer` token also records who opened
 * the product's or service's chat (docs/product.md §28: a deal may be claimed only after it); a
 * missing or invalid token records nothing and still redirects. Registered from the table of
 * endpoints (docs/decisions/0038).
 */

import { PRODUCT_NAME } from '@campus/shared/constants';
import type { ProductDetail, ServiceDetail } from '@campus/shared/contract';
import { chatLink, productChatLink, serviceChatLink, shopProductChatLink } from '@campus/shared/whatsapp';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_STORE } from '../common/http.ts';
import { route } from '../common/route.ts';
import type { CountedKind } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { PRODUCT_NOT_FOUND } from '../products/service.ts';
import { type InterstitialSignal, signalsInterstitial } from '../safety/interstitial.ts';
import { nairobiDay } from './visitor.ts';

/**
 * Route-level docs of a chat link; its params, query and 302 are the table of endpoints'
 * (`@campus/shared/contract`, docs/decisions/0038).
 */
const redirectSchema = (tag: string, summary: string) => ({
  tags: [tag],
  summary,
  description:
    '302 to https://wa.me/<number>?text=<the docs/product.md §7 message>; counted once per visitor (signed visitor cookie, else the address; salted daily hash) per listing per Africa/Nairobi day, at most 20 visitors per address. 404 for an unknown id.',
  response: {
    200: {
      type: 'string',
      description:
        'A listing with scam signals (docs/product.md §29): an HTML page with the warnings and a "Continue to WhatsApp" link (this route with continue=1)',
    },
  },
});

export default async function chatRoutes(app: FastifyInstance) {
  const origin = app.config.publicUrl;
  const { counters } = app.engagement;

  /**
   * Records the signed-in student (a valid bearer token, else nothing) as having opened the chat
   * of the listing (docs/product.md §28). Never throws.
   */
  async function recordContact(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: 'product' | 'service',
    id: string,
    ownerId: string,
  ) {
    if (!request.headers.authorization) return;
    try {
      await app.authenticate(request, reply);
    } catch {
      return;
    }
    await app.deals.recordContact(kind, id, ownerId, request.user.id, (error) =>
      request.log.error({ err: error }, 'recording a chat contact failed'),
    );
  }

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

  /**
   * A listing with scam signals, reached without `?continue=1`: the warnings page (docs/product.md
   * §29), not counted; its "Continue to WhatsApp" link comes back with `continue=1`.
   */
  function warnFirst(
    request: FastifyRequest<{ Querystring: { continue?: string } }>,
    reply: FastifyReply,
    title: string,
    signals: readonly InterstitialSignal[],
    backPath: string,
  ): FastifyReply | null {
    if (signals.length === 0 || request.query.continue === '1') return null;
    const path = request.url.split('?')[0] ?? '';
    const continuePath = `${path}?${new URLSearchParams({ ...request.query, continue: '1' })}`;
    reply
      .code(200)
      .header('cache-control', NO_STORE)
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8');
    return reply.send(signalsInterstitial({ title, signals, continuePath, backPath }));
  }

  route(app, 'GET /products/:id/chat', {
    schema: redirectSchema('products', 'Chat with the seller on WhatsApp (counted)'),
  })(async (request, reply) => {
    const product = (await app.products.findPublic(request.params.id)) as ProductDetail;
    await recordContact(request, reply, 'product', product._id, product.seller._id);
    const warned = warnFirst(
      request,
      reply,
      product.title,
      product.safetySignals,
      `/products/${product._id}`,
    );
    if (warned) return warned;
    return countAndRedirect(request, reply, 'products', product._id, productChatLink(product, origin));
  });

  route(app, 'GET /services/:id/chat', {
    schema: redirectSchema('services', 'Chat with the provider on WhatsApp (counted)'),
  })(async (request, reply) => {
    const service = (await app.services.findPublic(request.params.id)) as ServiceDetail;
    await recordContact(request, reply, 'service', service._id, service.provider._id);
    const warned = warnFirst(request, reply, service.name, service.safetySignals, `/services/${service._id}`);
    if (warned) return warned;
    return countAndRedirect(request, reply, 'services', service._id, serviceChatLink(service, origin));
  });

  route(app, 'GET /shops/:id/chat', {
    schema: redirectSchema('shops', 'Chat with a shop about one of its products on WhatsApp (counted)'),
  })(async (request, reply) => {
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
    if (product) await recordContact(request, reply, 'product', product._id, shop.owner?._id ?? '');
    if (product) {
      // The product's scam warnings first (docs/product.md §29; the detail is cached).
      const detail = (await app.products.findPublic(product._id)) as ProductDetail;
      const warned = warnFirst(request, reply, detail.title, detail.safetySignals, `/products/${detail._id}`);
      if (warned) return warned;
    }
    // Without a product (no such button on the site today): a greeting to the shop's number.
    const link = product
      ? shopProductChatLink(shop, product, origin)
      : chatLink(
          shop.owner?.whatsApp || shop.phone,
          `Hello ${shop.name}, I found your shop on ${PRODUCT_NAME} and I'm interested.`,
        );
    return countAndRedirect(request, reply, 'shops', shop._id, link);
  });
}
