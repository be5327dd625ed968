/**
 * Moderation routes under /api/v1/admin (ADR 0013, ADR 0028): reports, dismiss, report-ring flags,
 * hide / restore of products, services and shops, suspend / unsuspend of users, and the audit log,
 * registered from the table of endpoints (docs/decisions/0038). Every route: 401 for a guest, 403
 * 'Only moderators can do this.' for a signed-in user who is not an admin.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../common/route.ts';
import { HttpError } from '../errors.ts';
import {
  auditSchema,
  dismissRingSchema,
  dismissSchema,
  hideSchema,
  listReportsSchema,
  listRingsSchema,
  listSafetySignalsSchema,
  restoreSchema,
  suspendSchema,
  unsuspendSchema,
} from './schemas.ts';

export const NOT_ADMIN_MESSAGE = 'Only moderators can do this.';

export default async function adminRoutes(app: FastifyInstance) {
  const requireAdmin = async (request: FastifyRequest) => {
    if (request.user?.role !== 'admin') throw new HttpError(403, NOT_ADMIN_MESSAGE);
  };
  const adminOnly = [app.authenticate, requireAdmin];
  const done = { status: 'success', data: {} } as const;

  route(app, 'GET /admin/reports', { schema: listReportsSchema, onRequest: adminOnly })(async (request) => ({
    status: 'success',
    data: await app.admin.reports(request.query.status, request.query.page),
  }));

  route(app, 'POST /admin/reports/:id/dismiss', { schema: dismissSchema, onRequest: adminOnly })(
    async (request) => ({
      status: 'success',
      data: await app.admin.dismiss(request.user.id, request.params.id),
    }),
  );

  route(app, 'GET /admin/report-rings', { schema: listRingsSchema, onRequest: adminOnly })(async () => ({
    status: 'success',
    data: await app.admin.rings(),
  }));

  // Scam signals (docs/product.md §29): flags with their evidence; nothing is hidden by them.
  route(app, 'GET /admin/safety-signals', { schema: listSafetySignalsSchema, onRequest: adminOnly })(
    async () => ({
      status: 'success',
      data: { flags: await app.safety.flags() },
    }),
  );

  route(app, 'POST /admin/report-rings/:id/dismiss', { schema: dismissRingSchema, onRequest: adminOnly })(
    async (request) => {
      await app.admin.dismissRing(request.user.id, request.params.id);
      return done;
    },
  );

  // Hide and restore a product, a service or a shop.
  route(app, 'POST /admin/products/:id/hide', { schema: hideSchema, onRequest: adminOnly })(
    async (request) => ({
      status: 'success',
      data: await app.admin.hide(request.user.id, 'product', request.params.id, request.body.reason),
    }),
  );
  route(app, 'POST /admin/products/:id/restore', { schema: restoreSchema, onRequest: adminOnly })(
    async (request) => {
      await app.admin.restore(request.user.id, 'product', request.params.id, request.body?.reason);
      return done;
    },
  );
  route(app, 'POST /admin/services/:id/hide', { schema: hideSchema, onRequest: adminOnly })(
    async (request) => ({
      status: 'success',
      data: await app.admin.hide(request.user.id, 'service', request.params.id, request.body.reason),
    }),
  );
  route(app, 'POST /admin/services/:id/restore', { schema: restoreSchema, onRequest: adminOnly })(
    async (request) => {
      await app.admin.restore(request.user.id, 'service', request.params.id, request.body?.reason);
      return done;
    },
  );
  route(app, 'POST /admin/shops/:id/hide', { schema: hideSchema, onRequest: adminOnly })(async (request) => ({
    status: 'success',
    data: await app.admin.hide(request.user.id, 'shop', request.params.id, request.body.reason),
  }));
  route(app, 'POST /admin/shops/:id/restore', { schema: restoreSchema, onRequest: adminOnly })(
    async (request) => {
      await app.admin.restore(request.user.id, 'shop', request.params.id, request.body?.reason);
      return done;
    },
  );

  route(app, 'POST /admin/users/:id/suspend', { schema: suspendSchema, onRequest: adminOnly })(
    async (request) => ({
      status: 'success',
      data: await app.admin.suspend(request.user.id, request.params.id, request.body.reason),
    }),
  );

  route(app, 'POST /admin/users/:id/unsuspend', { schema: unsuspendSchema, onRequest: adminOnly })(
    async (request) => {
      await app.admin.unsuspend(request.user.id, request.params.id, request.body?.reason);
      return done;
    },
  );

  route(app, 'GET /admin/audit', { schema: auditSchema, onRequest: adminOnly })(async (request) => ({
    status: 'success',
    data: await app.admin.audit(request.query.page),
  }));
}
