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
import { searchRepository } from '../../catalog/search-repository.ts';
import { type SearchService, searchService } from '../../catalog/search-service.ts';
import { FallbackTagVersions, FallbackTotalsCache } from '../../common/redis-fallback.ts';
import { dashboardRepository } from '../../dashboard/repository.ts';
import { type DashboardService, dashboardService } from '../../dashboard/service.ts';
import type { ReportTargetType } from '../../db/schema.ts';
import { dealsRepository } from '../../deals/repository.ts';
import { type DealsService, dealsService } from '../../deals/service.ts';
import { eventsRepository } from '../../events/repository.ts';
import { type EventsService, eventsService } from '../../events/service.ts';
import { favouritesRepository } from '../../favourites/repository.ts';
import { type FavouritesService, favouritesService } from '../../favourites/service.ts';
import { feedbackRepository } from '../../feedback/repository.ts';
import { type FeedbackService, feedbackService } from '../../feedback/service.ts';
import { messagesRepository } from '../../messages/repository.ts';
import { type MessagesService, messagesService } from '../../messages/service.ts';
import { PRODUCTS_TABLE, productsRepository } from '../../products/repository.ts';
import { PRODUCT_NOT_FOUND, type ProductsService, productsService } from '../../products/service.ts';
import { reportsRepository } from '../../reports/repository.ts';
import { type ReportsService, reportsService } from '../../reports/service.ts';
import { safetyRepository } from '../../safety/repository.ts';
import { type SafetyService, safetyService } from '../../safety/service.ts';
import {
  type AlertOptions,
  createSavedSearchAlerts,
  type SavedSearchAlerts,
} from '../../saved-searches/alerts.ts';
import { savedSearchesRepository } from '../../saved-searches/repository.ts';
import { type SavedSearchesService, savedSearchesService } from '../../saved-searches/service.ts';
import { sellersRepository } from '../../sellers/repository.ts';
import { type SellersService, sellersService } from '../../sellers/service.ts';
import { SERVICES_TABLE, servicesRepository } from '../../services/repository.ts';
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
    /** Deals and reviews (docs/product.md §28). */
    deals: DealsService;
    /** Search synonyms and "Did you mean" suggestions (docs/product.md §31). */
    catalogSearch: SearchService;
    /** Scam signals of listings (docs/product.md §29). */
    safety: SafetyService;
    /** Saved searches (docs/product.md §30). */
    savedSearches: SavedSearchesService;
    /** Saved-search matching and alert mails (docs/product.md §30, ADR 0035); started when ready. */
    savedSearchAlerts: SavedSearchAlerts;
  }
}

/** What tests may replace in the resources: the deals' clock (docs/product.md §28's windows), saved-search alert timings and clock (§30). */
export interface ResourcesOptions {
  deals?: { now?: () => Date };
  savedSearchAlerts?: AlertOptions;
}

export default fp<ResourcesOptions>(
  async (app, options) => {
    // One storage for every picture (DATA_DIR/uploads or the bucket; served at /uploads).
    const storage = await createStorage(app.config);
    app.decorate<LocalStorage | ObjectStorage>('storage', storage);
    if (storage.driver === 's3') app.addHook('onClose', async () => storage.close());
    const { redis, redisKeyPrefix, redisBreaker } = app;
    // With Redis: shared, and in this process while Redis is down (ADR 0030).
    const versions =
      redis && redisBreaker
        ? new FallbackTagVersions(new RedisTagVersions(redis, redisKeyPrefix), redisBreaker)
        : new LocalTagVersions();
    const responses = new ResponseCache({
      onError: (error, key) => app.log.error({ err: error, key }, 'refreshing a cached answer failed'),
      versions,
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
    const listings = {
      products: productsRepository(app.db),
      services: servicesRepository(app.db),
    };
    const { counters } = app.engagement;
    // docs/product.md §31: synonyms (versioned like the cached answers) and "Did you mean".
    const searchStore = searchService(searchRepository(app.db), {
      versions,
      onSynonymsChange: async () => {
        await Promise.all([app.products.invalidate(), app.services.invalidate()]);
      },
    });
    app.decorate('catalogSearch', searchStore);
    // docs/product.md §29: scam signals computed at each listing write and report; cached answers dropped.
    const safety = safetyService(safetyRepository(app.db), {
      log: app.log.child({ module: 'safety' }),
      onChange: (type) => responses.invalidate(type),
    });
    app.decorate('safety', safety);
    // docs/product.md §30: a listing that goes live is matched against the saved searches.
    const savedSearches = savedSearchesRepository(app.db);
    const alertNow = options.savedSearchAlerts?.now;
    app.decorate(
      'savedSearches',
      savedSearchesService(savedSearches, {
        secret: app.config.jwtSecret,
        ...(alertNow ? { now: alertNow } : {}),
      }),
    );
    app.decorate(
      'savedSearchAlerts',
      createSavedSearchAlerts(
        {
          db: app.db,
          repository: savedSearches,
          service: app.savedSearches,
          outbox: app.outbox,
          jobs: app.jobs,
          publicUrl: app.config.publicUrl,
          log: app.log.child({ module: 'saved-search-alerts' }),
          synonyms: searchStore.synonyms,
          synonymGroups: searchStore.groups,
        },
        { alertDelayMs: app.config.savedSearchAlertDelayMs, ...options.savedSearchAlerts },
      ),
    );
    app.addHook('onReady', async () => app.savedSearchAlerts.start());
    app.addHook('preClose', async () => app.savedSearchAlerts.stop());
    app.decorate(
      'products',
      productsService(listings.products, {
        storage,
        responses,
        totals: totals('products'),
        counters,
        saves: (ids) => favourites.savesOf('products', ids),
        synonyms: searchStore.synonyms,
        suggest: (words) => searchStore.suggest(PRODUCTS_TABLE, words),
        signals: safety,
        onLive: (id) => app.savedSearchAlerts.listingLive('products', id),
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
        synonyms: searchStore.synonyms,
        suggest: (words) => searchStore.suggest(SERVICES_TABLE, words),
        signals: safety,
        onLive: (id) => app.savedSearchAlerts.listingLive('services', id),
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
      reportsService(reportsRepository(app.db), {
        secret: app.config.jwtSecret,
        onHold: moderated,
        onReport: (type, id) => safety.reported(type, id),
      }),
    );
    app.decorate(
      'admin',
      adminService(adminRepository(app.db), {
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        onChange: moderated,
        // docs/product.md §30: a restored product or service is matched against saved searches.
        onRestored: async (type, id) => {
          if (type === 'product') await app.savedSearchAlerts.listingLive('products', id);
          else if (type === 'service') await app.savedSearchAlerts.listingLive('services', id);
        },
      }),
    );
    // Deals and reviews (docs/product.md §28): a review changes its subject's rating, which lists,
    // item pages and seller pages show, so their cached answers (tag 'users') are dropped.
    app.decorate(
      'deals',
      dealsService(dealsRepository(app.db), {
        outbox: app.outbox,
        publicUrl: app.config.publicUrl,
        onRatingChange: () => app.users.invalidate(),
        now: options.deals?.now,
      }),
    );
    app.decorate('feedback', feedbackService(feedbackRepository(app.db)));
    app.decorate('messages', messagesService(messagesRepository(app.db)));
    app.decorate('subscribers', subscribersService(subscribersRepository(app.db)));
    // docs/product.md §29: pictures stored before the signals existed are hashed in the background, once.
    let hashing: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      hashing = safety.hashStoredPicturesOnce(storage).catch((error) => {
        app.log.warn({ err: error }, 'hashing the stored pictures failed');
      });
    });
    app.addHook('onClose', async () => {
      await hashing;
    });
    // ADMIN_EMAILS (docs/product.md §19.4): existing verified accounts become admins at start.
    const granted = await adminRepository(app.db).grantAdmins(app.config.adminEmails);
    if (granted > 0) app.log.info({ granted }, 'ADMIN_EMAILS: accounts made admins');
  },
  // The account service queues mail in the outbox and signs tokens with the auth plugin's app.jwt.
  {
    name: 'resources',
    dependencies: ['database', 'redis', 'mailer', 'outbox', 'jobs', 'auth', 'engagement'],
  },
);
