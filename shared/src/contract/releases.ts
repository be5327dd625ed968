/**
 * The release API's and the remote telemetry's JSON (docs/decisions/0029-remote-releases.md):
 * a remote's routing (current, previous, canary), a release with its gate's checks, the audit
 * log, the action bodies, the browser's error report and the versions' health. Pure `as const` data.
 */
import { objectOf, successResponse } from './pieces';

/** The names of the module federation remotes (docs/architecture.md "Module federation"). */
export const REMOTE_NAMES = ['catalog', 'auth', 'dashboard'] as const;

/** A release's version: `<hash12>` or `<commit7>-<hash12>`. */
export const RELEASE_VERSION_PATTERN = '^(?:[0-9a-f]{7}-)?[0-9a-f]{12}$';

/** A version id as the registry, the checkout build or the environment names it (telemetry). */
export const SERVED_VERSION_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';

const nullableString = { type: ['string', 'null'] } as const;
const version = {
  type: 'string',
  pattern: RELEASE_VERSION_PATTERN,
  description: '`<hash12>` or `<commit7>-<hash12>`',
} as const;
const reason = { type: 'string', maxLength: 1000, description: 'Why (kept in the audit log)' } as const;

/** A remote's routing: current and previous version, the canary (sticky share of visitors). */
export const routingSchema = {
  type: 'object',
  required: ['current', 'previous', 'canary', 'updatedAt'],
  properties: {
    current: nullableString,
    previous: nullableString,
    canary: {
      type: ['object', 'null'],
      required: ['version', 'percent'],
      properties: { version: { type: 'string' }, percent: { type: 'integer', minimum: 1, maximum: 100 } },
    },
    updatedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

const checkSchema = objectOf({
  name: {
    type: 'string',
    enum: ['manifest', 'exposes', 'shared', 'server-build', 'contract', 'smoke-render'],
  },
  status: { type: 'string', enum: ['passed', 'failed', 'skipped'] },
  message: { type: 'string' },
});

/** One release of a remote, with the gate's checks. */
export const releaseSchema = objectOf({
  remote: { type: 'string' },
  version: { type: 'string' },
  gitCommit: nullableString,
  manifest: objectOf({
    name: { type: 'string' },
    remoteEntry: { type: 'string' },
    exposes: { type: 'array', items: { type: 'string' } },
    shared: { type: 'object', additionalProperties: { type: 'string' } },
    contract: nullableString,
  }),
  hasServerBuild: { type: 'boolean' },
  releasedBy: { type: 'string' },
  createdAt: { type: 'string', format: 'date-time' },
  checks: { type: 'array', items: checkSchema },
});

const releaseAuditSchema = objectOf({
  id: { type: 'string' },
  remote: { type: 'string' },
  action: {
    type: 'string',
    enum: ['release', 'refuse', 'promote', 'rollback', 'canary', 'canary_end', 'auto_rollback', 'prune'],
  },
  version: nullableString,
  actor: { type: 'string' },
  reason: nullableString,
  createdAt: { type: 'string', format: 'date-time' },
});

/** `:remote` of the release routes. */
export const remoteParams = {
  type: 'object',
  required: ['remote'],
  properties: { remote: { type: 'string', enum: [...REMOTE_NAMES], description: 'The remote' } },
} as const;

/** `GET /releases` answer: each remote's routing and newest releases. */
export const releasesAnswerSchema = successResponse(
  objectOf({
    remotes: {
      type: 'array',
      items: objectOf({
        remote: { type: 'string' },
        routing: routingSchema,
        releases: { type: 'array', items: releaseSchema },
      }),
    },
  }),
);

/** `GET /releases/:remote` answer: its routing, releases and audit log. */
export const remoteReleasesAnswerSchema = successResponse(
  objectOf({
    remote: { type: 'string' },
    routing: routingSchema,
    releases: { type: 'array', items: releaseSchema },
    audit: { type: 'array', items: releaseAuditSchema },
  }),
);

/** `POST /releases/:remote` query: the commit the upload was built from. */
export const releaseUploadQuerySchema = {
  type: 'object',
  properties: {
    gitCommit: {
      type: 'string',
      pattern: '^[0-9a-fA-F]{7,40}$',
      description: 'The commit it was built from',
    },
  },
} as const;

/** `POST /releases/:remote` answer (201 new, 200 already released). */
export const releaseUploadAnswerSchema = successResponse(
  objectOf({ created: { type: 'boolean' }, release: releaseSchema }),
);

/** The answer of promote, rollback and canary: the remote's new routing. */
export const routingAnswerSchema = successResponse(objectOf({ routing: routingSchema }));

/** `POST /releases/:remote/promote` body. */
export const promoteBodySchema = {
  type: 'object',
  required: ['version'],
  properties: { version, reason },
} as const;

/** `POST /releases/:remote/rollback` body (or none). */
export const rollbackBodySchema = { type: ['object', 'null'], properties: { reason } } as const;

/** `PUT /releases/:remote/canary` body: percent 1-100 shows `version`, 0 ends the canary. */
export const canaryBodySchema = {
  type: 'object',
  required: ['percent'],
  properties: { version, percent: { type: 'integer', minimum: 0, maximum: 100 }, reason },
} as const;

/** `POST /telemetry/remote-errors` body: a remote's load or render failure in the browser. */
export const remoteErrorBodySchema = {
  type: 'object',
  required: ['remote', 'version', 'route', 'kind'],
  additionalProperties: false,
  properties: {
    remote: { type: 'string', enum: [...REMOTE_NAMES] },
    version: { type: 'string', pattern: SERVED_VERSION_PATTERN },
    route: { type: 'string', minLength: 1, maxLength: 200, pattern: '^/' },
    kind: { type: 'string', enum: ['load', 'render'] },
    message: { type: 'string', maxLength: 500 },
  },
} as const;

/** `POST /telemetry/remote-errors` answer (202). */
export const acceptedAnswerSchema = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', const: 'success' } },
} as const;

/** `GET /releases/health` answer: each remote version's views, errors and error rate over the window (ms). */
export const releasesHealthAnswerSchema = {
  type: 'object',
  required: ['status', 'data'],
  properties: {
    status: { type: 'string' },
    data: {
      type: 'object',
      required: ['windowMs', 'threshold', 'versions'],
      properties: {
        windowMs: { type: 'integer' },
        threshold: {
          type: 'object',
          required: ['minErrors', 'maxErrorRate'],
          properties: { minErrors: { type: 'integer' }, maxErrorRate: { type: 'number' } },
        },
        versions: {
          type: 'array',
          items: {
            type: 'object',
            required: ['remote', 'version', 'views', 'errors', 'errorRate'],
            properties: {
              remote: { type: 'string' },
              version: { type: 'string' },
              views: { type: 'integer' },
              errors: { type: 'integer' },
              errorRate: { type: 'number' },
            },
          },
        },
      },
    },
  },
} as const;
