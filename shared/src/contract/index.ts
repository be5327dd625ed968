/**
 * The API contract (docs/decisions/0018-one-contract.md): the JSON schemas of what the API and the
 * site exchange, as `as const` literals, and their TypeScript types read from them with
 * `json-schema-to-ts`. The API builds its route schemas from these (validation, serialization,
 * /api/docs); the front end imports the types only (`import type`, no runtime cost). A field
 * renamed or retyped here changes both sides' types at once.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { loginAnswerSchema, loginBodySchema, signupBodySchema } from './auth';
import type {
  dealSchema,
  dealsAnswerSchema,
  ratingSchema,
  reviewSchema,
  sellerReviewsAnswerSchema,
} from './deals';
import type { EndpointAnswer, EndpointInput, FormValues } from './endpoint';
import type { EndpointKey, Endpoints } from './endpoints';
import type {
  dashboardInsightsSchema,
  favouriteIdsAnswerSchema,
  favouriteKindSchema,
  favouriteSchema,
  favouritesAnswerSchema,
  insightsDaySchema,
  insightsListingSchema,
  myProductSchema,
  myServiceSchema,
} from './engagement';
import type {
  eventSchema,
  shopProductSchema,
  shopSchema,
  universitySchema,
  userJsonSchema,
} from './entities';
import type { productListQuerySchema } from './list-query';
import type {
  productDetailSchema,
  productListAnswerSchema,
  productListItemSchema,
  serviceDetailSchema,
  serviceListAnswerSchema,
  serviceListItemSchema,
} from './listings';
import type {
  auditEntrySchema,
  auditPageSchema,
  dashboardSummarySchema,
  reportGroupSchema,
  reportGroupsPageSchema,
  reportRingsSchema,
  reportTargetTypeSchema,
} from './moderation';
import type { errorSchema, moderationProperties } from './pieces';
import type { safetyFlagSchema, safetyFlagsSchema, safetySignalSchema } from './safety';
import type { sellerPageSchema, sellerSchema } from './sellers';

// Named re-exports, not `export *`: the API loads this file through tsx as CommonJS, and Node
// sees the names of a CommonJS module's `export *` only when they are listed.
export { loginAnswerSchema, loginBodySchema, signupBodySchema, text } from './auth';
// The products and services endpoints' own schemas (docs/product.md §7, §15).
export {
  myProductsAnswerSchema,
  myServicesAnswerSchema,
  productAnswerSchema,
  productForm,
  productJsonEditSchema,
  productListQuery,
  serviceAnswerSchema,
  serviceForm,
  serviceJsonEditSchema,
  serviceListQuery,
} from './catalog';
// Deals and reviews (docs/product.md §28).
export {
  DEAL_WINDOW_DAYS,
  dealAnswerSchema,
  dealListingKindSchema,
  dealSchema,
  dealSideSchema,
  dealsAnswerSchema,
  RATING_MIN_REVIEWS,
  REVIEW_TEXT_MAX,
  REVIEWS_PAGE_SIZE,
  ratingSchema,
  reviewSchema,
  sellerReviewsAnswerSchema,
} from './deals';
// The table of endpoints (docs/decisions/0038-one-table-of-endpoints.md).
export {
  type BodyInput,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointEntry,
  type EndpointInput,
  type EndpointKeyOf,
  type EndpointMethod,
  type EndpointParams,
  type EndpointQuery,
  endpointRoute,
  type FormBody,
  type FormFields,
  type FormValues,
  fillPath,
} from './endpoint';
export {
  countAnswerSchema,
  type EndpointKey,
  type Endpoints,
  endpoints,
  eventForm,
  eventJsonBodySchema,
  eventListQuerySchema,
  favouriteParams,
  healthChecksSchema,
  messageAnswerSchema,
  profileForm,
  sessionAnswerSchema,
  shopForm,
  shopJsonBodySchema,
} from './endpoints';
export {
  chatPath,
  dashboardInsightsSchema,
  favouriteIdsAnswerSchema,
  favouriteKindSchema,
  favouriteSchema,
  favouritesAnswerSchema,
  INSIGHTS_DAYS,
  insightsDaySchema,
  insightsListingSchema,
  myProductSchema,
  myServiceSchema,
  productFavouriteSchema,
  serviceFavouriteSchema,
} from './engagement';
export { eventSchema, shopProductSchema, shopSchema, universitySchema, userJsonSchema } from './entities';
export {
  conditionQuery,
  LIST_SORTS,
  type ListSort,
  limitQuery,
  listQuerySchema,
  MAX_PAGE,
  MAX_PRICE_FILTER,
  MAX_SEARCH_LENGTH,
  MAX_UNIVERSITY_LENGTH,
  pageQuery,
  productListQuerySchema,
  universityQuery,
} from './list-query';
export {
  listingDetailSchema,
  listingItemSchema,
  listingOwnerDetailSchema,
  listingOwnerSchema,
  listingProperties,
  negotiableSchema,
  productConditionSchema,
  productDetailSchema,
  productListAnswerSchema,
  productListItemSchema,
  productShopSchema,
  productStatusSchema,
  serviceDetailSchema,
  serviceListAnswerSchema,
  serviceListItemSchema,
} from './listings';
export {
  auditEntrySchema,
  auditPageSchema,
  auditQuerySchema,
  dashboardSummarySchema,
  dismissAnswerSchema,
  mailSentAnswerSchema,
  moderationDoneSchema,
  moderationNoteBodySchema,
  moderationReasonBodySchema,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  reportAnswerSchema,
  reportBodySchema,
  reportGroupSchema,
  reportGroupsPageSchema,
  reportGroupsQuerySchema,
  reportRingsSchema,
  reportSchema,
  reportTargetTypeSchema,
} from './moderation';
export {
  dateTime,
  errorSchema,
  idParams,
  imagePath,
  moderationProperties,
  nullableString,
  objectOf,
  pagedListResponse,
  price,
  successResponse,
  verifiedStudentProperty,
} from './pieces';
// Remote releases and their telemetry (docs/decisions/0029).
export {
  acceptedAnswerSchema,
  canaryBodySchema,
  promoteBodySchema,
  RELEASE_VERSION_PATTERN,
  REMOTE_NAMES,
  releaseSchema,
  releasesAnswerSchema,
  releasesHealthAnswerSchema,
  releaseUploadAnswerSchema,
  releaseUploadQuerySchema,
  remoteErrorBodySchema,
  remoteParams,
  remoteReleasesAnswerSchema,
  rollbackBodySchema,
  routingAnswerSchema,
  routingSchema,
  SERVED_VERSION_PATTERN,
} from './releases';
// Scam signals (docs/product.md §29).
export {
  SAFETY_SIGNAL_KINDS,
  type SafetySignalKind,
  safetyFlagSchema,
  safetyFlagsSchema,
  safetySignalSchema,
  safetySignalsSchema,
} from './safety';
export { SELLER_PAGE_LIMIT, sellerPageAnswerSchema, sellerPageSchema, sellerSchema } from './sellers';
export {
  createdAnswerSchema,
  emailField,
  feedbackBodySchema,
  messageBodySchema,
  messageField,
  nameField,
  SITE_LIMITS,
  subjectField,
  subscriberBodySchema,
} from './site';
// Search synonym groups (docs/product.md §31).
export {
  MAX_GROUP_TERMS,
  MAX_SYNONYM_GROUPS,
  synonymGroupSchema,
  synonymsAnswerSchema,
  synonymsBodySchema,
} from './synonyms';

/** The named (not index-signature) keys of `T`. */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 };

/**
 * `T` without the index signatures `json-schema-to-ts` adds to objects that do not say
 * `additionalProperties: false`, deeply: the API serializes only the listed properties, so a
 * mistyped field is an error, not `unknown`. A pure map (`additionalProperties: {...}` and no
 * named property, e.g. `errors`) keeps its index signature.
 */
export type Known<T> = T extends readonly (infer E)[]
  ? Known<E>[]
  : T extends object
    ? [NamedKeys<T>] extends [never]
      ? { [K in keyof T]: Known<T[K]> }
      : { [K in keyof T as string extends K ? never : number extends K ? never : K]: Known<T[K]> }
    : T;

/** The JSON a schema describes (defaults applied, as after the API's validation). */
export type JsonOf<Schema extends JSONSchema> = Known<FromSchema<Schema>>;

/** A product in a list answer. */
export type ProductListItem = JsonOf<typeof productListItemSchema>;
/** A product on its detail page, in `/products/mine` and in create/edit answers. */
export type ProductDetail = JsonOf<typeof productDetailSchema>;
/** A service in a list answer. */
export type ServiceListItem = JsonOf<typeof serviceListItemSchema>;
/** A service on its detail page, in `/services/mine` and in create/edit answers. */
export type ServiceDetail = JsonOf<typeof serviceDetailSchema>;
/** A shop with its owner. */
export type ShopJson = JsonOf<typeof shopSchema>;
/** A product as listed in its shop. */
export type ShopProductJson = JsonOf<typeof shopProductSchema>;
/** A campus event. */
export type CampusEventJson = JsonOf<typeof eventSchema>;
/** The signed-in user (`POST /auth/login`, `GET /users/me`). */
export type UserJson = JsonOf<typeof userJsonSchema>;
/** A university picker entry. */
export type UniversityJson = JsonOf<typeof universitySchema>;
/** Moderation state of a listing or shop (docs/product.md §19). */
export type ModerationState = JsonOf<(typeof moderationProperties)['moderation']>;
/** Error body of every 4xx/5xx answer. */
export type ApiErrorBody = JsonOf<typeof errorSchema>;

/**
 * The products list's query schema (the services' one minus `condition`): the type of both lists'
 * queries, `condition` optional (services never read it).
 */
type ListQuerySchema = ReturnType<typeof productListQuerySchema<string>>;
/** A list query as the API's handlers see it: validated, `page` and `limit` defaulted. */
export type ListQuery = JsonOf<ListQuerySchema>;
/** A list query as a client sends it: every field optional (the API applies the defaults). */
export type ListQueryInput = Known<FromSchema<ListQuerySchema, { keepDefaultedPropertiesOptional: true }>>;
/** `GET /products` answer. */
export type ProductListAnswer = JsonOf<typeof productListAnswerSchema>;
/** `GET /services` answer. */
export type ServiceListAnswer = JsonOf<typeof serviceListAnswerSchema>;
/** `POST /auth/signup` body as the API reads it (every field optional: the API sends the spec's messages). */
export type SignupBody = JsonOf<typeof signupBodySchema>;
/** `POST /auth/login` body as the API reads it. */
export type LoginBody = JsonOf<typeof loginBodySchema>;
/** `POST /auth/login` answer. */
export type LoginAnswer = JsonOf<typeof loginAnswerSchema>;
/** What a report is about (`product`, `service`, `shop`, `user`). */
export type ReportTargetType = JsonOf<typeof reportTargetTypeSchema>;
/** One target on the moderation desk with its reports. */
export type ReportGroupJson = JsonOf<typeof reportGroupSchema>;
/** A page of the moderation desk. */
export type ReportGroupsPage = JsonOf<typeof reportGroupsPageSchema>;
/** `GET /admin/report-rings` data: the open report-ring flags (ADR 0028). */
export type ReportRings = JsonOf<typeof reportRingsSchema>;
/** One moderation audit log entry. */
export type AuditJson = JsonOf<typeof auditEntrySchema>;
/** A page of the audit log. */
export type AuditPage = JsonOf<typeof auditPageSchema>;
/** A seller as their page shows them (docs/product.md §20.8). */
export type SellerJson = JsonOf<typeof sellerSchema>;
/** `GET /sellers/:id` data: `{seller, products, services}` (docs/product.md §20.8). */
export type SellerPage = JsonOf<typeof sellerPageSchema>;
/** A product's status: 'available', 'reserved' or 'sold' (docs/product.md §20.5). */
export type ProductStatusJson = ProductListItem['status'];
/** `GET /dashboard/summary` data. */
export type DashboardSummary = JsonOf<typeof dashboardSummarySchema>;

/** What can be saved (docs/product.md §20.1): `products` or `services`. */
export type FavouriteKind = JsonOf<typeof favouriteKindSchema>;
/** One saved listing in `GET /favourites` (discriminated by `kind`; `item` null when removed). */
export type Favourite = JsonOf<typeof favouriteSchema>;
/** `GET /favourites` answer. */
export type FavouritesAnswer = JsonOf<typeof favouritesAnswerSchema>;
/** `GET /favourites/ids` answer. */
export type FavouriteIdsAnswer = JsonOf<typeof favouriteIdsAnswerSchema>;
/** A product in `GET /products/mine`: the detail plus `saves`. */
export type MyProduct = JsonOf<typeof myProductSchema>;
/** A service in `GET /services/mine`: the detail plus `saves`. */
export type MyService = JsonOf<typeof myServiceSchema>;
/** `GET /dashboard/insights` data (docs/product.md §20.7). */
export type DashboardInsights = JsonOf<typeof dashboardInsightsSchema>;
/** One listing of the insights. */
export type InsightsListing = JsonOf<typeof insightsListingSchema>;
/** One day of a listing's insights. */
export type InsightsDay = JsonOf<typeof insightsDaySchema>;

// --- Deals and reviews (docs/product.md §28) ---
/** A user's rating: `{average, count}` (ADR 0033). */
export type RatingJson = JsonOf<typeof ratingSchema>;
/** A deal as one of its sides sees it. */
export type DealJson = JsonOf<typeof dealSchema>;
/** `GET /deals` answer. */
export type DealsAnswer = JsonOf<typeof dealsAnswerSchema>;
/** A public review on a seller's page. */
export type ReviewJson = JsonOf<typeof reviewSchema>;
/** `GET /sellers/:id/reviews` answer. */
export type SellerReviewsAnswer = JsonOf<typeof sellerReviewsAnswerSchema>;
/** A scam signal of an item answer (docs/product.md §29). */
export type SafetySignal = JsonOf<typeof safetySignalSchema>;
/** A listing flagged on the moderation desk with its signals' evidence (docs/product.md §29). */
export type SafetyFlag = JsonOf<typeof safetyFlagSchema>;
/** `GET /admin/safety-signals` data. */
export type SafetyFlags = JsonOf<typeof safetyFlagsSchema>;
// Saved searches (docs/product.md §30).
export {
  editSavedSearchBodySchema,
  MAX_SAVED_SEARCH_NAME,
  savedSearchAlertSchema,
  savedSearchAnswerSchema,
  savedSearchesAnswerSchema,
  savedSearchFiltersSchema,
  savedSearchSchema,
  saveSearchBodySchema,
} from './saved-searches';
/** One saved search (docs/product.md §30). */
export type SavedSearch = JsonOf<typeof import('./saved-searches').savedSearchSchema>;
/** How a saved search alerts: instant, daily, off. */
export type SavedSearchAlert = JsonOf<typeof import('./saved-searches').savedSearchAlertSchema>;
/** `POST /saved-searches` body. */
export type SaveSearchBody = JsonOf<typeof import('./saved-searches').saveSearchBodySchema>;
/** The answer of an endpoint of the table (`AnswerOf<'GET /events/:id'>`). */
export type AnswerOf<K extends EndpointKey> = EndpointAnswer<Endpoints[K]>;
/** What a client sends to an endpoint of the table (`params`, `query`, `body`). */
export type InputOf<K extends EndpointKey> = EndpointInput<Endpoints[K]>;
/** The multipart form values of an endpoint of the table (`FormValuesOf<'POST /events'>`). */
export type FormValuesOf<K extends EndpointKey> = FormValues<Endpoints[K]>;
