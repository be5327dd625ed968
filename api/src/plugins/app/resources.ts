/**
 * Builds each resource's repository and service once per app, here and nowhere else, and
 * decorates the app with the services: `app.auth`, `app.products`, `app.services`, `app.shops`,
 * `app.users`, `app.events`, `app.dashboard`, `app.reports`, `app.admin`, `app.feedback`,
 * `app.messages`, `app.subscribers`, `app.favourites`, `app.sellers`. Routes call these (docs/product.md §18.5: one wiring rule). The
 * services share one cache of public answers, `app.responseCache` (`catalog/response-cache.ts`),
 * and drop what a write changes themselves; a write made elsewhere calls e.g.
 * `app.products.invalidate()` (list totals and cached answers).
 *
 * With Redis (`app.redis`, REDIS_URL) the cache's tag versions and the list totals live there, so
 * every API process sees a write at once (docs/product.md §22; docs/decisions/0014-scale-out.md).
 */
import { createPasswordChecker } from '@campus/shared/password-policy';
import * as zxcvbnCore from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import fp from 'fastify-plugin';
import { adminRepository } from '../../admin/repository.ts';
import { type AdminService, adminService } from '../../admin/service.ts';
import { authRepository } from '../../auth/repository.ts';
import { type AuthService, authService } from '../../auth/service.ts';
import { CountCache, RedisCountCache, type TotalsCache } from '../../catalog/count-cache.ts';
import type { CachedTotal } from '../../catalog/listing.ts';
import { LocalTagVersions, RedisTagVersions, ResponseCache } from '../../catalog/response-cache.ts';
import { FallbackTagVersions, FallbackTotalsCache } from '../../common/redis-fallback.ts';
import { dashboardRepository } from '../../dashboard/repository.ts';
import { type DashboardService, dashboardService } from '../../dashboard/service.ts';
import type { ReportTargetType } from '../../db/schema.ts';
import { eventsRepository } from '../../events/repository.ts';
import { type EventsService, eventsService } from '../../events/service.ts';
import { favouritesRepository } from '../../favourites/repository.ts';
import { type FavouritesService, favouritesService } from '../../favourites/service.ts';
import { feedbackRepository } from '../../feedback/repository.ts';
import { type FeedbackService, feedbackService } from '../../feedback/service.ts';
import { messagesRepository } from '../../messages/repository.ts';
import { type MessagesService, messagesService } from '../../messages/service.ts';
import { productsRepository } from '../../products/repository.ts';
import { PRODUCT_NOT_FOUND, type ProductsService, productsService } from '../../products/service.ts';
import { reportsRepository } from '../../reports/repository.ts';
import { type ReportsService, reportsService } from '../../reports/service.ts';
import { sellersRepository } from '../../sellers/repository.ts';
import { type SellersService, sellersService } from '../../sellers/service.ts';
import { servicesRepository } from '../../services/repository.ts';
import { SERVICE_NOT_FOUND, type ServicesService, servicesService } from '../../services/service.ts';
import { shopsRepository } from '../../shops/repository.ts';
import { type ShopsService, shopsService } from '../../shops/service.ts';
import { subscribersRepository } from '../../subscribers/repository.ts';
import { type SubscribersService, subscribersService } from '../../subscribers/service.ts';
import { createStorage, type LocalStorage, type ObjectStorage } from '../../uploads/storage.ts';
import { usersRepository } from '../../users/repository.ts';
import { type UsersService, usersService } from '../../users/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Account use cases (signup, login, verification, password reset; docs/product.md §12). */
    auth: AuthService;
    products: ProductsService;
    /** The "services" resource (offered services, docs/product.md §3). */
    services: ServicesService;
    shops: ShopsService;
    users: UsersService;
    /** Campus events (docs/product.md §15). */
    events: EventsService;
    /** The seller's dashboard overview (docs/product.md §15). */
    dashboard: DashboardService;
    /** Short-lived cache of the public catalog answers, shared by the services above. */
    responseCache: ResponseCache;
    /** Reports of listings and users (docs/product.md §19). */
    reports: ReportsService;
    /** The moderation desk's use cases (docs/product.md §19; admins only, checked by the routes). */
    admin: AdminService;
    /** Where uploads go: DATA_DIR/uploads, or the STORAGE_URL bucket (docs/product.md §22). */
    storage: LocalStorage | ObjectStorage;
    /** The Contact Us feedback form (docs/product.md §17). */
    feedback: FeedbackService;
    /** The Contact Us message form (docs/product.md §17). */
    messages: MessagesService;
    /** The Coming Soon 'Notify Me' list (docs/product.md §17). */
    subscribers: SubscribersService;
    /** Saved items (docs/product.md §20.1). */
    favourites: FavouritesService;
    /** Sellers' public pages (docs/product.md §20.8). */
    sellers: SellersService;
  }
}

export default fp(
  async (app) => {
    // One storage for every picture (DATA_DIR/uploads or the bucket; served at /uploads).
    const storage = await createStorage(app.config);
    app.decorate<LocalStorage | ObjectStorage>('storage', storage);
    if (storage.driver === 's3') app.addHook('onClose', async () => storage.close());
    const { redis, redisKeyPrefix, redisBreaker } = app;
    const responses = new ResponseCache({
      onError: (error, key) => app.log.error({ err: error, key }, 'refreshing a cached answer failed'),
      // With Redis: shared, and in this process while Redis is down (ADR 0030).
      versions:
        redis && redisBreaker
          ? new FallbackTagVersions(new RedisTagVersions(redis, redisKeyPrefix), redisBreaker)
          : new LocalTagVersions(),
      // The lists' few hundred keys plus one per listing detail read (docs/product.md §20.10).
      maxEntries: 5_000,
    });
    const totals = (name: string): TotalsCache<CachedTotal> =>
      redis && redisBreaker
        ? new FallbackTotalsCache(new RedisCountCache<CachedTotal>(redis, redisKeyPrefix, name), redisBreaker)
        : new CountCache<CachedTotal>();
    app.decorate('responseCache', responses);
    app.decorate(
      'auth',
      authService({
        repository: authRepository(app.db, { adminEmails: app.config.adminEmails }),
        outbox: app.outbox,
        passwordChecker: createPasswordChecker({ core: zxcvbnCore, common: zxcvbnCommon }),
        publicUrl: app.config.publicUrl,
        signToken: (claims) => app.jwt.sign(claims),
        log: app.log.child({ module: 'auth' }),
        onAccountCreated: () => responses.invalidate('accounts'),
      }),
    );
    // docs/product.md §20: detail reads count views in memory (`app.engagement`); owners see saves.
    const favourites = favouritesRepository(app.db);
    const listings = { products: productsRepository(app.db), services: servicesRepository(app.db) };
    const { counters } = app.engagement;
    app.decorate(
      'products',
      productsService(listings.products, {
        storage,
        responses,
        totals: totals('products'),
        counters,
        saves: (ids) => favourites.savesOf('products', ids),
      }),
    );
    app.decorate(
      'services',
      servicesService(listings.services, {
        storage,
        responses,
        totals: totals('services'),
        counters,
        saves: (ids) => favourites.savesOf('services', ids),
      }),
    );
    app.decorate(
      'favourites',
      favouritesService(favourites, {
        products: app.products,
        services: app.services,
        notFoundMessages: { products: PRODUCT_NOT_FOUND, services: SERVICE_NOT_FOUND },
      }),
    );
    app.decorate('sellers', sellersService(sellersRepository(app.db, listings), { responses }));
    app.decorate('shops', shopsService(shopsRepository(app.db), { storage, responses }));
    app.decorate('events', eventsService(eventsRepository(app.db), { storage }));
    app.decorate('dashboard', dashboardService(dashboardRepository(app.db), { counters }));
    app.decorate('users', usersService(usersRepository(app.db), { storage, responses }));
    // Moderation (docs/product.md §19): a hold, hide, restore or suspension changes what the public sees,
    // so the cached public answers (and list totals) holding that kind of target are dropped.
    const moderated = async (type: ReportTargetType): Promise<void> => {
      if (type === 'product') await app.products.invalidate();
      else if (type === 'service') await app.services.invalidate();
      else if (type === 'shop') await app.shops.invalidate();
      else await app.users.invalidate();
    };
    app.decorate(
      'reports',
      reportsService(reportsRepository(app.db), { secret: app.config.jwtSecret, onHold: moderated }),
    );
    app.decorate(
      'admin',
      adminService(adminRepository(app.db), {
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        onChange: moderated,
      }),
    );
    app.decorate('feedback', feedbackService(feedbackRepository(app.db)));
    app.decorate('messages', messagesService(messagesRepository(app.db)));
    app.decorate('subscribers', subscribersService(subscribersRepository(app.db)));
    // ADMIN_EMAILS (docs/product.md §19.4): existing verified accounts become admins at start.
    const granted = await adminRepository(app.db).grantAdmins(app.config.adminEmails);
    if (granted > 0) app.log.info({ granted }, 'ADMIN_EMAILS: accounts made admins');
  },
  // The account service queues mail in the outbox and signs tokens with the auth plugin's app.jwt.
  { name: 'resources', dependencies: ['database', 'redis', 'mailer', 'outbox', 'auth', 'engagement'] },
);
