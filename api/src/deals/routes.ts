/**
 * Deals and reviews routes under /api/v1 (docs/product.md §28): `POST /deals`, `GET /deals`,
 * `GET /deals/contacts`, `POST /deals/:id/confirm|decline`, `POST /deals/:id/reviews`,
 * `POST /reviews/:id/reply`, `POST /reviews/:id/report` (signed-in, verified students),
 * `GET /sellers/:id/reviews` (public), and the moderators' `GET /admin/reviews?state=reported|hidden`,
 * `POST /admin/reviews/:id/hide|restore`. Registered from the table of endpoints (docs/decisions/0038).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_ADMIN_MESSAGE } from '../admin/routes.ts';
import { route } from '../common/route.ts';
import { HttpError } from '../errors.ts';
import { sellerOnly, writeLimit } from '../selling/hooks.ts';
import {
  answerDealSchema,
  contactsSchema,
  createDealSchema,
  hideReviewSchema,
  listDealsSchema,
  replySchema,
  reportedReviewsSchema,
  reportReviewSchema,
  reviewDealSchema,
  sellerReviewsSchema,
} from './schemas.ts';

export default async function dealsRoutes(app: FastifyInstance) {
  const signedIn = sellerOnly(app);
  const limit = writeLimit(app);
  const requireAdmin = async (request: FastifyRequest) => {
    if (request.user?.role !== 'admin') throw new HttpError(403, NOT_ADMIN_MESSAGE);
  };

  route(app, 'POST /deals', { schema: createDealSchema, onRequest: signedIn, config: limit })(
    async (request) => ({
      status: 'success',
      data: { deal: await app.deals.create(request.user.id, request.body) },
    }),
  );

  route(app, 'GET /deals', { schema: listDealsSchema, onRequest: signedIn })(async (request) => ({
    status: 'success',
    data: await app.deals.mine(request.user.id),
  }));

  route(app, 'GET /deals/contacts', { schema: contactsSchema, onRequest: signedIn })(async (request) => ({
    status: 'success',
    data: await app.deals.contacts(request.user.id, request.query.listingKind, request.query.listingId),
  }));

  route(app, 'POST /deals/:id/confirm', {
    schema: answerDealSchema('Confirm'),
    onRequest: signedIn,
    config: limit,
  })(async (request) => ({
    status: 'success',
    data: { deal: await app.deals.confirm(request.user.id, request.params.id) },
  }));

  route(app, 'POST /deals/:id/decline', {
    schema: answerDealSchema('Decline'),
    onRequest: signedIn,
    config: limit,
  })(async (request) => ({
    status: 'success',
    data: { deal: await app.deals.decline(request.user.id, request.params.id) },
  }));

  route(app, 'POST /deals/:id/reviews', { schema: reviewDealSchema, onRequest: signedIn, config: limit })(
    async (request) => ({
      status: 'success',
      data: { deal: await app.deals.review(request.user.id, request.params.id, request.body) },
    }),
  );

  route(app, 'POST /reviews/:id/reply', { schema: replySchema, onRequest: signedIn, config: limit })(
    async (request) => ({
      status: 'success',
      data: await app.deals.reply(request.user.id, request.params.id, request.body.text),
    }),
  );

  route(app, 'POST /reviews/:id/report', { schema: reportReviewSchema, onRequest: signedIn, config: limit })(
    async (request) => ({
      status: 'success',
      data: await app.deals.report(request.user.id, request.params.id, request.body?.details),
    }),
  );

  route(app, 'GET /sellers/:id/reviews', { schema: sellerReviewsSchema, config: { publicCache: true } })(
    async (request) => ({
      status: 'success',
      data: await app.deals.sellerReviews(request.params.id, request.query.page),
    }),
  );

  const adminOnly = [app.authenticate, requireAdmin];
  route(app, 'GET /admin/reviews', { schema: reportedReviewsSchema, onRequest: adminOnly })(
    async (request) => ({
      status: 'success',
      data: await app.deals.reported(request.query.state),
    }),
  );
  route(app, 'POST /admin/reviews/:id/hide', { schema: hideReviewSchema('Hide'), onRequest: adminOnly })(
    async (request) => {
      await app.deals.setHidden(request.user.id, request.params.id, true, request.body?.reason);
      return { status: 'success', data: {} };
    },
  );
  route(app, 'POST /admin/reviews/:id/restore', {
    schema: hideReviewSchema('Restore'),
    onRequest: adminOnly,
  })(async (request) => {
    await app.deals.setHidden(request.user.id, request.params.id, false, request.body?.reason);
    return { status: 'success', data: {} };
  });
}
