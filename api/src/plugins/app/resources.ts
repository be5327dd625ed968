/**
 * Builds each resource's repository and service once per app and decorates the app with the
 * services: `app.products`, `app.services`, `app.shops`, `app.users`. Routes call these; write
 * routes call e.g. `app.products.invalidate()` after changing products (list totals cache).
 */
import fp from 'fastify-plugin';
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
  }
}

export default fp(
  async (app) => {
    app.decorate('products', productsService(productsRepository(app.db)));
    app.decorate('services', servicesService(servicesRepository(app.db)));
    app.decorate('shops', shopsService(shopsRepository(app.db)));
    app.decorate(
      'users',
      usersService(usersRepository(app.db), { storage: new LocalStorage(app.config.uploadsDir) }),
    );
  },
  { name: 'resources', dependencies: ['database'] },
);
