/**
 * The API's error format (ARCHITECTURE "API conventions"):
 * - 4xx: `{status: "fail", message, errors?: {field: message}}`
 * - 5xx: `{status: "error", message}`, never a stack trace or SQL text.
 *
 * Services throw `HttpError` (or its helpers) for expected failures; anything else becomes a
 * logged 500 with a generic message.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** An error meant for the client, with its HTTP status and optional per-field messages. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 with a message and optional per-field messages. */
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
/** 404 with a message such as 'Product not found'. */
export const notFound = (message: string) => new HttpError(404, message);

export interface FailBody {
  status: 'fail';
  message: string;
  errors?: Record<string, string>;
}
export interface ErrorBody {
  status: 'error';
  message: string;
}

/** Message sent for every 5xx: the details stay in the log. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';
export const MALFORMED_JSON_MESSAGE = 'Malformed JSON body';
export const ROUTE_NOT_FOUND_MESSAGE = 'Route not found';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * Turns one Ajv error into `[field, message]` with the field named, e.g.
 * `['page', 'page must be >= 1']`, `['minPrice', 'minPrice must be a number']`,
 * `['category', 'category must be one of: Art, Photography, ...']`.
 */
export function describeValidationError(error: AjvError, context: string): [string, string] {
  const params = error.params;
  let field = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (error.keyword === 'required') {
    field = [field, String(params.missingProperty)].filter(Boolean).join('.');
    return [field, `${field} is required`];
  }
  if (error.keyword === 'additionalProperties') {
    const extra = [field, String(params.additionalProperty)].filter(Boolean).join('.');
    return [extra, `${extra} is not allowed`];
  }
  if (!field) field = context;
  let text: string;
  switch (error.keyword) {
    case 'type': {
      const type = String(params.type);
      text = `must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
      break;
    }
    case 'enum':
      text = `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
      break;
    case 'maxLength':
      text = `must be at most ${params.limit} characters long`;
      break;
    case 'minLength':
      text = params.limit === 1 ? 'must not be empty' : `must be at least ${params.limit} characters long`;
      break;
    case 'format':
      text = `must be a valid ${params.format}`;
      break;
    default:
      text = error.message ?? 'is invalid';
  }
  return [field, `${field} ${text}`];
}

/** Builds the 400 body of a schema validation failure: the first message, and one per field. */
export function validationFailBody(validation: AjvError[], context: string): FailBody {
  const errors: Record<string, string> = {};
  for (const error of validation) {
    const [field, message] = describeValidationError(error, context);
    errors[field] ??= message;
  }
  const message = Object.values(errors)[0] ?? 'Invalid request';
  return { status: 'fail', message, errors };
}

/**
 * Fastify error handler implementing the format above. Logs 5xx with the request context;
 * 4xx are logged at info level only.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    return reply
      .code(400)
      .send(validationFailBody(error.validation as AjvError[], error.validationContext ?? 'request'));
  }
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    (error instanceof SyntaxError && error.statusCode === 400)
  ) {
    return reply.code(400).send({ status: 'fail', message: MALFORMED_JSON_MESSAGE } satisfies FailBody);
  }
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    request.log.info({ statusCode, code: error.code }, error.message);
    const body: FailBody = { status: 'fail', message: error.message };
    if (error instanceof HttpError && error.errors) body.errors = error.errors;
    return reply.code(statusCode).send(body);
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(statusCode >= 500 && statusCode < 600 ? statusCode : 500).send({
    status: 'error',
    message: INTERNAL_ERROR_MESSAGE,
  } satisfies ErrorBody);
}

/** 404 for any unknown route: `{status: 'fail', message: 'Route not found'}`. */
export function routeNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ status: 'fail', message: ROUTE_NOT_FOUND_MESSAGE } satisfies FailBody);
}
