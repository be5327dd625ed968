/**
 * Moderation routes under /api/v1/admin (ADR 0013, ADR 0028): reports, dismiss, report-ring flags,
 * hide / restore of products, services and shops, suspend / unsuspend of users, and the audit log. Every route:
 * 401 for a guest, 403 'Only moderators can do this.' for a signed-in user who is not an admin.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';
import type { ListingTargetType } from '../reports/repository.ts';
import {
  auditSchema,
  dismissRingSchema,
  dismissSchema,
  hideSchema,
  listReportsSchema,
  listRingsSchema,
  restoreSchema,
  suspendSchema,
  unsuspendSchema,
} from './schemas.ts';

export const NOT_ADMIN_MESSAGE = 'Only moderators can do this.';

/** The listing resources a moderator can hide and restore: path segment → target type. */
const LISTINGS: Record<string, ListingTargetType> = {
  products: 'product',
  services: 'service',
  shops: 'shop',
};

type IdRequest = { Params: { id: string }; Body: { reason?: string } | null };

export default async function adminRoutes(app: FastifyInstance) {
  const requireAdmin = async (request: FastifyRequest) => {
    if (request.user?.role !== 'admin') throw new HttpError(403, NOT_ADMIN_MESSAGE);
  };
  const adminOnly = [app.authenticate, requireAdmin];

  app.get<{ Querystring: { status: 'open' | 'closed'; page: number } }>(
    '/admin/reports',
    { schema: listReportsSchema, onRequest: adminOnly },
    async (request) => ({
      status: 'success',
      data: await app.admin.reports(request.query.status, request.query.page),
    }),
  );

  app.post<IdRequest>(
    '/admin/reports/:id/dismiss',
    { schema: dismissSchema, onRequest: adminOnly },
    async (request) => ({
      status: 'success',
      data: await app.admin.dismiss(request.user.id, request.params.id),
    }),
  );

  app.get('/admin/report-rings', { schema: listRingsSchema, onRequest: adminOnly }, async () => ({
    status: 'success',
    data: await app.admin.rings(),
  }));

  app.post<{ Params: { id: string } }>(
    '/admin/report-rings/:id/dismiss',
    { schema: dismissRingSchema, onRequest: adminOnly },
    async (request) => {
      await app.admin.dismissRing(request.user.id, request.params.id);
      return { status: 'success', data: {} };
    },
  );

  for (const [segment, type] of Object.entries(LISTINGS)) {
    app.post<IdRequest>(
      `/admin/${segment}/:id/hide`,
      { schema: hideSchema, onRequest: adminOnly },
      async (request) => ({
        status: 'success',
        data: await app.admin.hide(request.user.id, type, request.params.id, request.body?.reason),
      }),
    );
    app.post<IdRequest>(
      `/admin/${segment}/:id/restore`,
      { schema: restoreSchema, onRequest: adminOnly },
      async (request) => {
        await app.admin.restore(request.user.id, type, request.params.id, request.body?.reason);
        return { status: 'success', data: {} };
      },
    );
  }

  app.post<IdRequest>(
    '/admin/users/:id/suspend',
    { schema: suspendSchema, onRequest: adminOnly },
    async (request) => ({
      status: 'success',
      data: await app.admin.suspend(request.user.id, request.params.id, request.body?.reason),
    }),
  );

  app.post<IdRequest>(
    '/admin/users/:id/unsuspend',
    { schema: unsuspendSchema, onRequest: adminOnly },
    async (request) => {
      await app.admin.unsuspend(request.user.id, request.params.id, request.body?.reason);
      return { status: 'success', data: {} };
    },
  );

  app.get<{ Querystring: { page: number } }>(
    '/admin/audit',
    { schema: auditSchema, onRequest: adminOnly },
    async (request) => ({
      status: 'success',
      data: await app.admin.audit(request.query.page),
    }),
  );
}
