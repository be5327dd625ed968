/**
 * Registers a route from its entry in the table of endpoints (`@campus/shared/contract`,
 * docs/decisions/0038-one-table-of-endpoints.md): the method and path come from the key (the path
 * from the entry's literal `path` where it has one), the entry's `params`, `query`, JSON `body` and
 * success answer become the route's `params`, `querystring`, `body` and `response[status]` schemas
 * (validation, serialization, /api/docs), and the handler's request and answer are typed from them.
 */
import {
  type EndpointAnswer,
  type EndpointBody,
  type EndpointEntry,
  type EndpointKey,
  type EndpointParams,
  type EndpointQuery,
  type Endpoints,
  endpointRoute,
  endpoints,
} from '@campus/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { HttpError, validationFailBody } from '../errors.ts';
import { assertFinite, cleanQuery } from './http.ts';
import { findUnstorableText, unstorableTextMessage } from './schemas.ts';

/**
 * The route-level part of a route's schema, which stays in the API: tags, summary, description,
 * security, `consumes`, the error answers (`response`), and a `body` that documents more than the
 * entry's JSON body (a multipart form beside it).
 */
export interface RouteDocs {
  tags: readonly string[];
  summary: string;
  description?: string;
  security?: readonly Record<string, readonly string[]>[];
  consumes?: readonly string[];
  body?: object;
  response?: Readonly<Record<string, object>>;
}

/** Options of `route`: Fastify's route options (hooks, config), with the docs as `schema`. */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema'> & { schema: RouteDocs };

/** The request of an endpoint's handler: params, query and JSON body typed from its entry. */
export type EndpointRequest<K extends EndpointKey> = FastifyRequest<{
  Params: EndpointParams<Endpoints[K]>;
  Querystring: EndpointQuery<Endpoints[K]>;
  Body: EndpointBody<Endpoints[K]>;
}>;

/**
 * What each endpoint's handler resolves to: the answer (sent with the entry's status), nothing
 * for a 204, or the reply it sent itself: for a redirect (302, 303), and for another answer its
 * route documents (a 503 of a health probe, the HTML page of a chat link).
 */
type Results = {
  [K in EndpointKey]:
    | FastifyReply
    | (Endpoints[K]['status'] extends 204
        ? undefined
        : Endpoints[K]['status'] extends 302 | 303
          ? never
          : EndpointAnswer<Endpoints[K]>);
};

/** What the handler of endpoint `K` resolves to. */
export type EndpointResult<K extends EndpointKey> = Results[K];

/** A handler of endpoint `K`. */
export type EndpointHandler<K extends EndpointKey> = (
  request: EndpointRequest<K>,
  reply: FastifyReply,
) => Promise<EndpointResult<K>>;

/**
 * The route schema of an entry with its docs: the docs' keys first, then `params`,
 * `querystring`, `body` (the docs' own `body` wins: a multipart form documented beside the JSON
 * body) and `response` with the entry's status and answer before the docs' error answers.
 */
export function routeSchema(entry: EndpointEntry, docs: RouteDocs): Record<string, unknown> {
  const { body, response, ...rest } = docs;
  return {
    ...rest,
    ...(entry.params ? { params: entry.params } : {}),
    ...(entry.query ? { querystring: entry.query } : {}),
    ...(body || entry.body ? { body: body ?? entry.body } : {}),
    response: { [entry.status]: entry.answer, ...response },
  };
}

/**
 * Registers endpoint `key` (`'GET /events/:id'`) on `app` with `options` (hooks, config, docs):
 * `route(app, key, options)(handler)`. The handler resolves to the answer; it is sent with the
 * entry's status (201; 204 with no body), set before the handler runs, so a handler may pick
 * another success status its docs list (`reply.code(200)` for a repeated report). A handler that
 * sent the reply itself (a redirect, a 503) resolves to the reply. (Two calls, so that the handler is typed for the key's endpoint alone:
 * TypeScript keeps the answer's literals, such as `status: 'success'`, only against a concrete type.)
 */
export function route<K extends EndpointKey>(
  app: FastifyInstance,
  key: K,
  options: RouteOptions,
): (handler: EndpointHandler<K>) => void {
  return (handler) => register(app, key, options, handler as never);
}

/** Adds the route of `key` to `app` (see `route`). */
function register(
  app: FastifyInstance,
  key: EndpointKey,
  options: RouteOptions,
  handler: (request: unknown, reply: FastifyReply) => Promise<unknown>,
): void {
  const entry = (endpoints as Record<EndpointKey, EndpointEntry>)[key];
  const { method, path } = endpointRoute(key);
  const { schema, ...rest } = options;
  app.route({
    ...rest,
    method,
    // The entry's literal path where it writes one (the same as the key's, by the table's type).
    url: entry.path ?? path,
    schema: routeSchema(entry, schema),
    handler: async (request, reply) => {
      if (entry.status !== 200) reply.code(entry.status);
      const answer = await handler(request, reply);
      if (reply.sent || answer === reply) return reply;
      return entry.status === 204 ? reply.send() : answer;
    },
  });
}

/** The parts of a request `routeInput` checks: the entry's `params` or `query`. */
type InputPart = 'params' | 'query';

/** What the handler of `K` sees of part `P` (validated, defaults applied). */
type RouteInput<K extends EndpointKey, P extends InputPart> = P extends 'params'
  ? EndpointParams<Endpoints[K]>
  : EndpointQuery<Endpoints[K]>;

/**
 * The path params or query of endpoint `key` as its route's handler would see them, for a caller
 * that reaches the same service in-process (the server renderer, docs/product.md §23.3): a
 * query's strings trimmed and empty ones dropped (`cleanListQuery`), refused if a text cannot be
 * stored (`rejectUnstorableText`), validated by the entry's schema with the app's Ajv (the
 * routes' coercion, defaults and removal of unknown keys), and refused if a number is not finite
 * (`rejectNonFiniteNumbers`). `raw` is copied, never changed.
 * @throws HttpError 400 with the route's messages
 */
export function routeInput<K extends EndpointKey, P extends InputPart>(
  request: FastifyRequest,
  key: K,
  part: P,
  raw: object,
): RouteInput<K, P> {
  const entry = (endpoints as Record<EndpointKey, EndpointEntry>)[key];
  const schema = part === 'params' ? entry.params : entry.query;
  if (!schema) throw new Error(`${key} has no ${part}`);
  const copy: Record<string, unknown> = { ...raw };
  for (const [name, value] of Object.entries(copy)) if (value === undefined) delete copy[name];
  const input = part === 'query' ? cleanQuery(copy) : copy;
  const unstorable = findUnstorableText(input, '');
  if (unstorable !== undefined) {
    const message = unstorableTextMessage(unstorable || part);
    throw new HttpError(400, message, { [unstorable || part]: message });
  }
  const httpPart = part === 'params' ? 'params' : 'querystring';
  const validate = request.compileValidationSchema(schema as Record<string, unknown>, httpPart);
  if (!validate(input)) {
    const fail = validationFailBody((validate.errors ?? []) as never, httpPart);
    throw new HttpError(400, fail.message, fail.errors);
  }
  assertFinite(input);
  return input as RouteInput<K, P>;
}
