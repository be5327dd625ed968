/**
 * Schemas of the remote telemetry routes (docs/decisions/0029-remote-releases.md, "Serving").
 */
import { REMOTE_NAMES } from '../config.ts';

/** A version id as the registry, the checkout build or the environment names it. */
const VERSION_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';

export const remoteErrorSchema = {
  tags: ['releases'],
  summary:
    "Report a remote's load or render failure in the browser (counted per remote version for the canary's automatic rollback; rate-limited per address; nothing personal is stored)",
  body: {
    type: 'object',
    required: ['remote', 'version', 'route', 'kind'],
    additionalProperties: false,
    properties: {
      remote: { type: 'string', enum: [...REMOTE_NAMES] },
      version: { type: 'string', pattern: VERSION_PATTERN },
      route: { type: 'string', minLength: 1, maxLength: 200, pattern: '^/' },
      kind: { type: 'string', enum: ['load', 'render'] },
      message: { type: 'string', maxLength: 500 },
    },
  },
  response: {
    202: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', const: 'success' } },
    },
  },
} as const;

export const healthSchema = {
  tags: ['releases'],
  summary:
    'Page views, errors and error rate of each remote version over the automatic rollback window, with each remote routing (admins)',
  response: {
    200: {
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
    },
  },
} as const;
