/**
 * The table of endpoints (docs/decisions/0038-one-table-of-endpoints.md): one entry per endpoint of
 * `/api/v1`, keyed by its method and literal path (`'GET /events/:id'`), with its path params,
 * query, JSON body and multipart fields, and its success status and answer. The API registers its
 * routes from it (`api/src/common/route.ts`: the same schemas validate, serialize and document),
 * and the site calls it with `apiClient.call('GET /events/:id', {params: {id}})`, typed from it
 * (a type-only import: no schema reaches the phone). Only routes outside the JSON API stay off
 * it: the unsubscribe link's HTML page and one-click POST, and the hidden site routes (uploads,
 * metrics, sitemap, the contact forms, the pages).
 */
import { UNIVERSITY_COUNTRY } from '../constants';
import { loginAnswerSchema, loginBodySchema, signupBodySchema, text } from './auth';
import {
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
import {
  createDealBodySchema,
  dealAnswerSchema,
  dealContactsAnswerSchema,
  dealContactsQuerySchema,
  dealsAnswerSchema,
  hideReviewBodySchema,
  moderatedReviewsQuerySchema,
  reportedReviewsAnswerSchema,
  reportReviewAnswerSchema,
  reportReviewBodySchema,
  reviewDealBodySchema,
  reviewReplyAnswerSchema,
  reviewReplyBodySchema,
  sellerReviewsAnswerSchema,
} from './deals';
import type { EndpointEntry, EndpointKeyOf, EndpointMethod } from './endpoint';
import {
  dashboardInsightsSchema,
  favouriteIdsAnswerSchema,
  favouriteKindSchema,
  favouritesAnswerSchema,
} from './engagement';
import { eventSchema, shopProductSchema, shopSchema, universitySchema, userJsonSchema } from './entities';
import { limitQuery, pageQuery, universityQuery } from './list-query';
import { productListAnswerSchema, serviceListAnswerSchema } from './listings';
import {
  auditPageSchema,
  auditQuerySchema,
  dashboardSummarySchema,
  dismissAnswerSchema,
  mailSentAnswerSchema,
  moderationDoneSchema,
  moderationNoteBodySchema,
  moderationReasonBodySchema,
  reportAnswerSchema,
  reportBodySchema,
  reportGroupsPageSchema,
  reportGroupsQuerySchema,
  reportRingsSchema,
} from './moderation';
import { idParams, objectOf, pagedListResponse, successResponse } from './pieces';
import {
  acceptedAnswerSchema,
  canaryBodySchema,
  promoteBodySchema,
  releasesAnswerSchema,
  releasesHealthAnswerSchema,
  releaseUploadAnswerSchema,
  releaseUploadQuerySchema,
  remoteErrorBodySchema,
  remoteParams,
  remoteReleasesAnswerSchema,
  rollbackBodySchema,
  routingAnswerSchema,
} from './releases';
import { safetyFlagsSchema } from './safety';
import {
  editSavedSearchBodySchema,
  savedSearchAnswerSchema,
  savedSearchesAnswerSchema,
  saveSearchBodySchema,
} from './saved-searches';
import { sellerPageAnswerSchema } from './sellers';
import { createdAnswerSchema, feedbackBodySchema, messageBodySchema, subscriberBodySchema } from './site';
import { synonymsAnswerSchema, synonymsBodySchema } from './synonyms';

/** The 204 answer of a delete. */
const deleted = { type: 'null', description: 'Deleted' } as const;

/* ---- Events (docs/product.md §15, §20.9) ---- */

/** `GET /events` query: page, limit and an optional university. */
export const eventListQuerySchema = {
  type: 'object',
  properties: {
    page: pageQuery,
    limit: limitQuery,
    university: {
      ...universityQuery,
      description: `Only events at this university (docs/product.md §20.9). ${universityQuery.description}`,
    },
  },
} as const;

/** The event form (multipart): text fields and the cover picture. */
export const eventForm = {
  fields: ['title', 'description', 'startsAt', 'endsAt', 'venue', 'university', 'price'],
  files: ['coverImage'],
} as const;

/** The event form as JSON (no cover picture). */
export const eventJsonBodySchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    description: { type: 'string' },
    startsAt: { type: 'string' },
    endsAt: { type: 'string' },
    venue: { type: 'string' },
    university: { type: 'string' },
    // A number is coerced to its string (what the price check parses anyway); null keeps the price.
    price: { anyOf: [{ type: ['string', 'null'] }, { type: 'number' }] },
  },
} as const;

const eventAnswer = successResponse(objectOf({ event: eventSchema }));

/* ---- Shops (docs/product.md §7, §15) ---- */

/** The shop form (multipart): text fields and the cover picture. */
export const shopForm = {
  fields: ['name', 'description', 'address', 'phone'],
  files: ['coverImage'],
} as const;

/** The shop form as JSON (no cover picture). */
export const shopJsonBodySchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    address: { type: 'string' },
    phone: { type: 'string' },
  },
} as const;

const shopAnswer = successResponse(objectOf({ shop: shopSchema }));

/* ---- Users and accounts (docs/product.md §7, §12; ADR 0011) ---- */

/** The profile form (multipart, or JSON without the photo). */
export const profileForm = {
  fields: ['firstName', 'lastName', 'whatsApp', 'university'],
  files: ['photo'],
} as const;

/** `{status: "success", message}` of the account routes. */
export const messageAnswerSchema = {
  type: 'object',
  required: ['status', 'message'],
  properties: { status: { type: 'string', const: 'success' }, message: { type: 'string' } },
} as const;

/** `{status: "success", results: N}` of the count routes (docs/product.md §3 "Stats"). */
export const countAnswerSchema = {
  type: 'object',
  required: ['status', 'results'],
  properties: { status: { type: 'string', const: 'success' }, results: { type: 'integer', minimum: 0 } },
} as const;

/** A fresh session: a token and the user (like login), after a password change. */
export const sessionAnswerSchema = {
  type: 'object',
  required: ['status', 'token', 'user'],
  properties: {
    status: { type: 'string', const: 'success' },
    message: { type: 'string' },
    token: { type: 'string', description: 'JWT for `Authorization: Bearer <token>`' },
    user: userJsonSchema,
  },
} as const;

const emailBody = {
  type: 'object',
  properties: { email: text(1000, 'The account e-mail (case-insensitive)') },
} as const;

const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: text(200, 'The token of the link (43 base64url characters)') },
} as const;

/* ---- Saved items (docs/product.md §20.1) ---- */

/** `:kind` (products | services) and `:id`. */
export const favouriteParams = {
  type: 'object',
  required: ['kind', 'id'],
  properties: { kind: favouriteKindSchema, id: { type: 'string' } },
} as const;

const favouriteDone = { type: 'null', description: 'Done (also when it already was)' } as const;

/* ---- Counted chat links (docs/product.md §20.6, §29) ---- */

/** `:id` of a chat link (any string: an unknown one answers 404). */
const chatParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;

/** `?continue=1`: the buyer read the scam-signal warnings (docs/product.md §29) and goes on to WhatsApp. */
const chatQuery = {
  type: 'object',
  properties: {
    continue: { type: 'string', description: '1 after the scam-signal warnings were shown' },
  },
} as const;

/** The shop chat's query: the product chatted about, and `continue`. */
const shopChatQuery = {
  type: 'object',
  properties: {
    product: { type: 'string', description: 'The product chatted about (the shop page’s chat buttons)' },
    continue: { type: 'string', description: '1 after the product’s scam-signal warnings were shown' },
  },
} as const;

const toWhatsApp = { type: 'null', description: 'Redirect to WhatsApp' } as const;

/* ---- Health (docs/product.md §22.5) ---- */

const okAnswer = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', const: 'ok' } },
} as const;

/** What the readiness probe checked: the database (ok, down) and Redis (ok, down, off). */
export const healthChecksSchema = {
  type: 'object',
  required: ['database', 'redis'],
  properties: {
    database: { type: 'string', enum: ['ok', 'down'] },
    redis: { type: 'string', enum: ['ok', 'down', 'off'] },
  },
} as const;

/** The table: `'<METHOD> <literal path under /api/v1>'` → its entry. */
export const endpoints = {
  // Health probes (never cached; 503 answers are sent by the routes themselves)
  'GET /health': { status: 200, answer: okAnswer },
  'GET /health/live': { status: 200, answer: okAnswer },
  'GET /health/ready': {
    status: 200,
    answer: {
      ...okAnswer,
      required: ['status', 'checks'],
      properties: { ...okAnswer.properties, checks: healthChecksSchema },
    },
  },

  // Products (docs/product.md §7, §15, §20)
  'GET /products': {
    path: '/products',
    query: productListQuery,
    status: 200,
    answer: productListAnswerSchema,
  },
  'GET /products/get-products-count': { status: 200, answer: countAnswerSchema },
  'GET /products/:id': { params: idParams, status: 200, answer: productAnswerSchema },
  'GET /products/mine': { status: 200, answer: myProductsAnswerSchema },
  'POST /products': { form: productForm, status: 201, answer: productAnswerSchema },
  'PATCH /products/:id': {
    params: idParams,
    body: productJsonEditSchema,
    form: productForm,
    status: 200,
    answer: productAnswerSchema,
  },
  'DELETE /products/:id': { params: idParams, status: 204, answer: deleted },

  // Services (docs/product.md §7, §15)
  'GET /services': {
    path: '/services',
    query: serviceListQuery,
    status: 200,
    answer: serviceListAnswerSchema,
  },
  'GET /services/get-services-count': { status: 200, answer: countAnswerSchema },
  'GET /services/:id': { params: idParams, status: 200, answer: serviceAnswerSchema },
  'GET /services/mine': { status: 200, answer: myServicesAnswerSchema },
  'POST /services': { form: serviceForm, status: 201, answer: serviceAnswerSchema },
  'PATCH /services/:id': {
    params: idParams,
    body: serviceJsonEditSchema,
    form: serviceForm,
    status: 200,
    answer: serviceAnswerSchema,
  },
  'DELETE /services/:id': { params: idParams, status: 204, answer: deleted },

  // Sellers (docs/product.md §20.8)
  'GET /sellers/:id': { params: idParams, status: 200, answer: sellerPageAnswerSchema },

  // Events
  'GET /events': {
    query: eventListQuerySchema,
    status: 200,
    answer: pagedListResponse('events', 'totalEvents', eventSchema),
  },
  'GET /events/mine': {
    status: 200,
    answer: successResponse(objectOf({ events: { type: 'array', items: eventSchema } })),
  },
  'GET /events/:id': { params: idParams, status: 200, answer: eventAnswer },
  'POST /events': { body: eventJsonBodySchema, form: eventForm, status: 201, answer: eventAnswer },
  'PATCH /events/:id': {
    params: idParams,
    body: eventJsonBodySchema,
    form: eventForm,
    status: 200,
    answer: eventAnswer,
  },
  'DELETE /events/:id': { params: idParams, status: 204, answer: deleted },

  // Reports (docs/product.md §19.1): 201 a new report, 200 the same open report again
  'POST /reports': { body: reportBodySchema, status: 201, answer: reportAnswerSchema },

  // The moderators' desk (docs/product.md §19.3; ADR 0013, ADR 0028)
  'GET /admin/reports': {
    query: reportGroupsQuerySchema,
    status: 200,
    answer: successResponse(reportGroupsPageSchema),
  },
  'POST /admin/reports/:id/dismiss': { params: idParams, status: 200, answer: dismissAnswerSchema },
  'GET /admin/report-rings': { status: 200, answer: successResponse(reportRingsSchema) },
  'POST /admin/report-rings/:id/dismiss': { params: idParams, status: 200, answer: moderationDoneSchema },
  'POST /admin/products/:id/hide': {
    params: idParams,
    body: moderationReasonBodySchema,
    status: 200,
    answer: mailSentAnswerSchema,
  },
  'POST /admin/products/:id/restore': {
    params: idParams,
    body: moderationNoteBodySchema,
    status: 200,
    answer: moderationDoneSchema,
  },
  'POST /admin/services/:id/hide': {
    params: idParams,
    body: moderationReasonBodySchema,
    status: 200,
    answer: mailSentAnswerSchema,
  },
  'POST /admin/services/:id/restore': {
    params: idParams,
    body: moderationNoteBodySchema,
    status: 200,
    answer: moderationDoneSchema,
  },
  'POST /admin/shops/:id/hide': {
    params: idParams,
    body: moderationReasonBodySchema,
    status: 200,
    answer: mailSentAnswerSchema,
  },
  'POST /admin/shops/:id/restore': {
    params: idParams,
    body: moderationNoteBodySchema,
    status: 200,
    answer: moderationDoneSchema,
  },
  'POST /admin/users/:id/suspend': {
    params: idParams,
    body: moderationReasonBodySchema,
    status: 200,
    answer: mailSentAnswerSchema,
  },
  'POST /admin/users/:id/unsuspend': {
    params: idParams,
    body: moderationNoteBodySchema,
    status: 200,
    answer: moderationDoneSchema,
  },
  'GET /admin/audit': { query: auditQuerySchema, status: 200, answer: successResponse(auditPageSchema) },

  // Saved items
  'PUT /favourites/:kind/:id': { params: favouriteParams, status: 204, answer: favouriteDone },
  'DELETE /favourites/:kind/:id': { params: favouriteParams, status: 204, answer: favouriteDone },
  'GET /favourites': { status: 200, answer: favouritesAnswerSchema },
  'GET /favourites/ids': { status: 200, answer: favouriteIdsAnswerSchema },

  // Counted chat links (302 to WhatsApp, or the scam-signal warnings page)
  'GET /products/:id/chat': { params: chatParams, query: chatQuery, status: 302, answer: toWhatsApp },
  'GET /services/:id/chat': { params: chatParams, query: chatQuery, status: 302, answer: toWhatsApp },
  'GET /shops/:id/chat': { params: chatParams, query: shopChatQuery, status: 302, answer: toWhatsApp },

  // Remote releases and their health (docs/decisions/0029); the upload's body is a raw tar.gz stream
  'GET /releases': { status: 200, answer: releasesAnswerSchema },
  'GET /releases/:remote': { params: remoteParams, status: 200, answer: remoteReleasesAnswerSchema },
  'POST /releases/:remote': {
    params: remoteParams,
    query: releaseUploadQuerySchema,
    status: 201,
    answer: releaseUploadAnswerSchema,
  },
  'POST /releases/:remote/promote': {
    params: remoteParams,
    body: promoteBodySchema,
    status: 200,
    answer: routingAnswerSchema,
  },
  'POST /releases/:remote/rollback': {
    params: remoteParams,
    body: rollbackBodySchema,
    status: 200,
    answer: routingAnswerSchema,
  },
  'PUT /releases/:remote/canary': {
    params: remoteParams,
    body: canaryBodySchema,
    status: 200,
    answer: routingAnswerSchema,
  },
  'POST /telemetry/remote-errors': { body: remoteErrorBodySchema, status: 202, answer: acceptedAnswerSchema },
  'GET /releases/health': { status: 200, answer: releasesHealthAnswerSchema },

  // The site's own forms
  'POST /feedback': { body: feedbackBodySchema, status: 201, answer: createdAnswerSchema },
  'POST /messages': { body: messageBodySchema, status: 201, answer: createdAnswerSchema },
  'POST /subscribers': { body: subscriberBodySchema, status: 201, answer: createdAnswerSchema },

  // Universities
  'GET /universities': {
    query: {
      type: 'object',
      properties: {
        country: {
          type: 'string',
          pattern: '^[A-Za-z]{2}$',
          default: UNIVERSITY_COUNTRY,
          description: 'Two-letter code (case-insensitive), default KE',
        },
      },
    },
    status: 200,
    answer: {
      type: 'object',
      required: ['status', 'data'],
      properties: {
        status: { type: 'string', const: 'success' },
        data: {
          type: 'object',
          required: ['universities'],
          properties: { universities: { type: 'array', items: universitySchema } },
        },
      },
    },
  },

  // Shops
  'GET /shops/:id': { params: idParams, status: 200, answer: successResponse(shopSchema) },
  'GET /shops/:id/products': {
    params: idParams,
    status: 200,
    answer: successResponse(objectOf({ products: { type: 'array', items: shopProductSchema } })),
  },
  'GET /shops/mine': {
    status: 200,
    answer: successResponse(objectOf({ shop: { ...shopSchema, type: ['object', 'null'] } })),
  },
  'POST /shops': { body: shopJsonBodySchema, form: shopForm, status: 201, answer: shopAnswer },
  'PATCH /shops/:id': {
    params: idParams,
    body: shopJsonBodySchema,
    form: shopForm,
    status: 200,
    answer: shopAnswer,
  },
  'DELETE /shops/:id': { params: idParams, status: 204, answer: deleted },

  // Users
  'GET /users/usersCount': { status: 200, answer: countAnswerSchema },
  'GET /users/me': { status: 200, answer: successResponse(objectOf({ user: userJsonSchema })) },
  'PATCH /users/updateMe': {
    form: profileForm,
    status: 200,
    answer: successResponse(objectOf({ user: userJsonSchema })),
  },
  'PATCH /users/updateMyPassword': {
    body: {
      type: 'object',
      properties: { passwordCurrent: text(1000), password: text(1000), passwordConfirm: text(1000) },
    },
    status: 200,
    answer: sessionAnswerSchema,
  },

  // Dashboard
  'GET /dashboard/summary': {
    status: 200,
    answer: successResponse(objectOf({ summary: dashboardSummarySchema })),
  },
  'GET /dashboard/insights': { status: 200, answer: successResponse(dashboardInsightsSchema) },

  // Accounts
  'POST /auth/signup': { body: signupBodySchema, status: 201, answer: messageAnswerSchema },
  'GET /auth/verify-email/:token': {
    params: tokenParams,
    status: 303,
    answer: { type: 'null', description: 'Redirect' },
  },
  'POST /auth/resend-verification': { body: emailBody, status: 200, answer: messageAnswerSchema },
  'POST /auth/login': { body: loginBodySchema, status: 200, answer: loginAnswerSchema },
  'POST /auth/logout': { status: 200, answer: messageAnswerSchema },
  'POST /auth/logout-all': { status: 200, answer: messageAnswerSchema },
  'POST /auth/forgot-password': { body: emailBody, status: 200, answer: messageAnswerSchema },
  'PATCH /auth/reset-password/:token': {
    params: tokenParams,
    body: { type: 'object', properties: { password: text(1000), passwordConfirm: text(1000) } },
    status: 200,
    answer: messageAnswerSchema,
  },

  // Saved searches (docs/product.md §30); the alert mails' unsubscribe link answers HTML, not in the table
  'GET /saved-searches': { status: 200, answer: savedSearchesAnswerSchema },
  'POST /saved-searches': { body: saveSearchBodySchema, status: 201, answer: savedSearchAnswerSchema },
  'PATCH /saved-searches/:id': {
    params: idParams,
    body: editSavedSearchBodySchema,
    status: 200,
    answer: savedSearchAnswerSchema,
  },
  'DELETE /saved-searches/:id': { params: idParams, status: 204, answer: deleted },

  // Deals and reviews (docs/product.md §28)
  'POST /deals': { body: createDealBodySchema, status: 201, answer: dealAnswerSchema },
  'GET /deals': { status: 200, answer: dealsAnswerSchema },
  'GET /deals/contacts': { query: dealContactsQuerySchema, status: 200, answer: dealContactsAnswerSchema },
  'POST /deals/:id/confirm': { params: idParams, status: 200, answer: dealAnswerSchema },
  'POST /deals/:id/decline': { params: idParams, status: 200, answer: dealAnswerSchema },
  'POST /deals/:id/reviews': {
    params: idParams,
    body: reviewDealBodySchema,
    status: 201,
    answer: dealAnswerSchema,
  },
  'POST /reviews/:id/reply': {
    params: idParams,
    body: reviewReplyBodySchema,
    status: 200,
    answer: reviewReplyAnswerSchema,
  },
  'POST /reviews/:id/report': {
    params: idParams,
    body: reportReviewBodySchema,
    status: 200,
    answer: reportReviewAnswerSchema,
  },
  'GET /sellers/:id/reviews': {
    params: idParams,
    query: { type: 'object', properties: { page: pageQuery } },
    status: 200,
    answer: sellerReviewsAnswerSchema,
  },
  'GET /admin/reviews': {
    query: moderatedReviewsQuerySchema,
    status: 200,
    answer: reportedReviewsAnswerSchema,
  },
  'POST /admin/reviews/:id/hide': {
    params: idParams,
    body: hideReviewBodySchema,
    status: 200,
    answer: successResponse(objectOf({})),
  },
  'POST /admin/reviews/:id/restore': {
    params: idParams,
    body: hideReviewBodySchema,
    status: 200,
    answer: successResponse(objectOf({})),
  },

  // The moderators' desk: search synonyms (docs/product.md §31) and scam-signal flags (§29)
  'GET /admin/synonyms': { status: 200, answer: synonymsAnswerSchema },
  'PUT /admin/synonyms': { body: synonymsBodySchema, status: 200, answer: synonymsAnswerSchema },
  'GET /admin/safety-signals': { status: 200, answer: successResponse(safetyFlagsSchema) },
} as const satisfies Record<EndpointKeyOf, EndpointEntry>;

/** The table's type. */
export type Endpoints = typeof endpoints;
/** An endpoint's key, e.g. `'GET /events/:id'`. */
export type EndpointKey = keyof Endpoints;
/**
 * The keys whose entry writes a `path` other than the key's own (`never` for a sound table; the
 * type tests, `endpoints.type-test.ts`, fail to compile otherwise).
 */
export type StrayPaths = {
  [K in EndpointKey]: Endpoints[K] extends { readonly path: infer P extends string }
    ? K extends `${EndpointMethod} ${P}`
      ? never
      : K
    : never;
}[EndpointKey];
