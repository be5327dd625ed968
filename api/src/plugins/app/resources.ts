/**
 * Builds each resource's repository and service once per app and decorates the app with the
 * services: `app.products`, `app.services`, `app.shops`, `app.users`. Routes call these; write
 * routes call e.g. `app.products.invalidate()` after changing products (list totals cache).
 */
import fp from 'fastify-plugin';
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
  }
}

export default fp(
  async (app) => {
    // One storage for the listing pictures (DATA_DIR/uploads, served at /uploads).
    const storage = new LocalStorage(app.config.uploadsDir);
    app.decorate('products', productsService(productsRepository(app.db), { storage }));
    app.decorate('services', servicesService(servicesRepository(app.db), { storage }));
    app.decorate('shops', shopsService(shopsRepository(app.db), { storage }));
    app.decorate('events', eventsService(eventsRepository(app.db), { storage }));
    app.decorate('dashboard', dashboardService(dashboardRepository(app.db)));
    app.decorate(
      'users',
      usersService(usersRepository(app.db), { storage: new LocalStorage(app.config.uploadsDir) }),
    );
  },
  { name: 'resources', dependencies: ['database'] },
);
