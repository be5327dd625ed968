/**
 * Request and response schemas of the release API under /api/v1/releases
 * (docs/decisions/0029-remote-releases.md). Every route needs `Authorization: Bearer <token>`: a
 * remote's deploy token (its own remote only) or a signed-in admin's session token.
 */

import { bearerSecurity, errorResponses, objectOf, successResponse } from '../common/schemas.ts';
import { REMOTE_NAMES } from '../config.ts';
import { VERSION_PATTERN } from './storage.ts';

const tags = ['releases'];

const nullableString = { type: ['string', 'null'] } as const;
const version = {
  type: 'string',
  pattern: VERSION_PATTERN,
  description: '`<hash12>` or `<commit7>-<hash12>`',
} as const;

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

const auditSchema = objectOf({
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

const remoteParams = {
  type: 'object',
  required: ['remote'],
  properties: { remote: { type: 'string', enum: [...REMOTE_NAMES], description: 'The remote' } },
} as const;

const reason = { type: 'string', maxLength: 1000, description: 'Why (kept in the audit log)' } as const;

export const listAllSchema = {
  tags,
  summary: "Each remote's routing (current, previous, canary) and its newest releases",
  security: bearerSecurity,
  response: {
    200: successResponse(
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
    ),
    ...errorResponses,
  },
} as const;

export const listRemoteSchema = {
  tags,
  summary: "One remote's routing, releases (newest first) and audit log (newest first)",
  security: bearerSecurity,
  params: remoteParams,
  response: {
    200: successResponse(
      objectOf({
        remote: { type: 'string' },
        routing: routingSchema,
        releases: { type: 'array', items: releaseSchema },
        audit: { type: 'array', items: auditSchema },
      }),
    ),
    ...errorResponses,
  },
} as const;

export const uploadSchema = {
  tags,
  summary: 'Upload a release: the body is a tar.gz of the dist folder (Content-Type: application/gzip)',
  description:
    'mf-manifest.json at the root, the Node build under server/, release.json (the page contract hash) at the root. ' +
    'Streamed to disk, at most 50 MB. 201: a new release; 200: the same build was already released; ' +
    '413 too large; 400 not a tar.gz or an unsafe entry (absolute path, `..`, link); 422 refused by the gate ' +
    '(the message names what is wrong; `errors` by check). A refused release stores nothing.',
  security: bearerSecurity,
  params: remoteParams,
  querystring: {
    type: 'object',
    properties: {
      gitCommit: {
        type: 'string',
        pattern: '^[0-9a-fA-F]{7,40}$',
        description: 'The commit it was built from',
      },
    },
  },
  response: {
    200: successResponse(objectOf({ created: { type: 'boolean' }, release: releaseSchema })),
    201: successResponse(objectOf({ created: { type: 'boolean' }, release: releaseSchema })),
    ...errorResponses,
  },
} as const;

export const promoteSchema = {
  tags,
  summary: 'Make a release current (the old current becomes previous)',
  security: bearerSecurity,
  params: remoteParams,
  body: { type: 'object', required: ['version'], properties: { version, reason } },
  response: { 200: successResponse(objectOf({ routing: routingSchema })), ...errorResponses },
} as const;

export const rollbackSchema = {
  tags,
  summary: 'Swap current and previous (a second rollback undoes the first)',
  security: bearerSecurity,
  params: remoteParams,
  body: { type: ['object', 'null'], properties: { reason } },
  response: { 200: successResponse(objectOf({ routing: routingSchema })), ...errorResponses },
} as const;

export const canarySchema = {
  tags,
  summary: 'Show a release to a sticky share of visitors (percent 1-100), or end the canary (percent 0)',
  security: bearerSecurity,
  params: remoteParams,
  body: {
    type: 'object',
    required: ['percent'],
    properties: { version, percent: { type: 'integer', minimum: 0, maximum: 100 }, reason },
  },
  response: { 200: successResponse(objectOf({ routing: routingSchema })), ...errorResponses },
} as const;
