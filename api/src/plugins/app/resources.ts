/**
 * Builds each resource's repository and service once per app and decorates the app with the
 * services: `app.products`, `app.services`, `app.shops`, `app.users`. Routes call these. The
 * services share one cache of public answers, `app.responseCache` (`catalog/response-cache.ts`),
 * and drop what a write changes themselves; a write made elsewhere calls e.g.
 * `app.products.invalidate()` (list totals and cached answers).
 */
import fp from 'fastify-plugin';
import { ResponseCache } from '../../catalog/response-cache.ts';
import { dashboardRepository } from '../../dashboard/repository.ts';
import { type DashboardService, dashboardService } from '../../dashboard/service.ts';
import { eventsRepository } from '../../events/repository.ts';
import { type EventsService, eventsService } from '../../events/service.ts';
import { productsRepository } from '../../products/repository.ts';
import { type ProductsService, productsService } from '../../products/service.ts';
import { servicesRepository } from '../../services/repository.ts';
import { type ServicesService, servicesService } from '../../services/service.ts';
import { shopsRepository } from '../../shops/repository.ts';
import { type ShopsService, shopsService } from '../../shops/service.ts';
import { LocalStorage } from '../../uploads/storage.ts';
import { usersRepository } from '../../users/repository.ts';
import { type UsersService, usersService } from '../../users/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    products: ProductsService;
    /** The "services" resource (offered services, spec 3). */
    services: ServicesService;
    shops: ShopsService;
    users: UsersService;
    /** Campus events (issue 5). */
    events: EventsService;
    /** The seller's dashboard overview (issue 5). */
    dashboard: DashboardService;
    /** Short-lived cache of the public catalog answers, shared by the services above. */
    responseCache: ResponseCache;
  }
}

export default fp(
  async (app) => {
    // One storage for the listing pictures (DATA_DIR/uploads, served at /uploads).
    const storage = new LocalStorage(app.config.uploadsDir);
    const responses = new ResponseCache({
      onError: (error, key) => app.log.error({ err: error, key }, 'refreshing a cached answer failed'),
    });
    app.decorate('responseCache', responses);
    app.decorate('products', productsService(productsRepository(app.db), { storage, responses }));
    app.decorate('services', servicesService(servicesRepository(app.db), { storage, responses }));
    app.decorate('shops', shopsService(shopsRepository(app.db), { storage, responses }));
    app.decorate('events', eventsService(eventsRepository(app.db), { storage }));
    app.decorate('dashboard', dashboardService(dashboardRepository(app.db)));
    app.decorate(
      'users',
      usersService(usersRepository(app.db), { storage: new LocalStorage(app.config.uploadsDir), responses }),
    );
  },
  { name: 'resources', dependencies: ['database'] },
);
