/**
 * The shape of one endpoint of the table of endpoints (`endpoints.ts`, docs/decisions/0038) and
 * the types read from it: what a caller sends (path params, query, JSON or multipart body) and
 * what the API answers. The runtime part is two tiny functions (split a key, fill a path), so the
 * API client can use them without shipping any schema to the phone.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { JsonOf, Known } from './index';

/** HTTP methods of the API. */
export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The key of an endpoint: its method and its literal path, e.g. `'GET /events/:id'`. */
export type EndpointKeyOf<M extends EndpointMethod = EndpointMethod> = `${M} /${string}`;

/** The names of a multipart body: its text fields and its file fields. */
export interface FormFields {
  readonly fields: readonly string[];
  readonly files: readonly string[];
}

/**
 * One endpoint: maybe its literal path, its path parameters, query, JSON body and multipart fields (each optional), the
 * status of its success answer (200, 201, 202, 204, or a redirect's 302 or 303) and that answer's
 * schema.
 */
export interface EndpointEntry {
  /**
   * The key's literal path once more, on the entries other code reads it from (a listing kind's
   * list, `/products`, so that searching for the quoted path finds the route). The API registers the
   * route at it; `StrayPaths` (endpoints.ts) refuses one that differs from the key's path.
   */
  readonly path?: `/${string}`;
  readonly params?: JSONSchema;
  readonly query?: JSONSchema;
  readonly body?: JSONSchema;
  readonly form?: FormFields;
  readonly status: 200 | 201 | 202 | 204 | 302 | 303;
  readonly answer: JSONSchema;
}

declare const formNames: unique symbol;

/**
 * A multipart body (`FormData`) that remembers, in its type only, the names it holds: built with
 * a typed helper (e.g. `toFormData(values)`), it is accepted only by an endpoint whose form has
 * every one of those names.
 */
export type FormBody<Names extends string = string> = FormData & { readonly [formNames]?: Names };

/**
 * The values of an endpoint's multipart form, each optional: text fields as strings, files as
 * `Blob`s (a `File`), or a list of them for a repeated field (a listing's `photos`).
 */
export type FormValues<E extends EndpointEntry> = E['form'] extends FormFields
  ? { [N in E['form']['fields'][number]]?: string } & {
      [N in E['form']['files'][number]]?: Blob | readonly Blob[];
    }
  : never;

/** The names a form entry accepts. */
type FormNames<F extends FormFields> = F['fields'][number] | F['files'][number];

/** The body an endpoint accepts from a client: its JSON body and/or its multipart body. */
export type BodyInput<E extends EndpointEntry> =
  | (E['body'] extends JSONSchema
      ? Known<FromSchema<E['body'], { keepDefaultedPropertiesOptional: true }>>
      : never)
  | (E['form'] extends FormFields ? FormBody<FormNames<E['form']>> : never);

/** What a client passes to call an endpoint: `params` when the path has some, `query`, `body`. */
export type EndpointInput<E extends EndpointEntry> = (E['params'] extends JSONSchema
  ? { params: JsonOf<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends JSONSchema
    ? { query?: Known<FromSchema<E['query'], { keepDefaultedPropertiesOptional: true }>> }
    : { query?: undefined }) &
  ([BodyInput<E>] extends [never] ? { body?: undefined } : { body: BodyInput<E> });

/** The answer of an endpoint (its success status's JSON; `null` for 204). */
export type EndpointAnswer<E extends EndpointEntry> = JsonOf<E['answer']>;

/** Path parameters as the API's handler sees them (after validation). */
export type EndpointParams<E extends EndpointEntry> = E['params'] extends JSONSchema
  ? JsonOf<E['params']>
  : unknown;
/** Query as the API's handler sees it (validated, defaults applied). */
export type EndpointQuery<E extends EndpointEntry> = E['query'] extends JSONSchema
  ? JsonOf<E['query']>
  : unknown;
/**
 * JSON body as the API's handler sees it: validated; possibly missing when its schema requires no
 * property; unknown on the multipart routes (read with the API's `readForm`).
 */
export type EndpointBody<E extends EndpointEntry> = E['form'] extends FormFields
  ? unknown
  : E['body'] extends JSONSchema
    ? E['body'] extends { readonly required: readonly string[] }
      ? JsonOf<E['body']>
      : JsonOf<E['body']> | undefined
    : unknown;

/** The method and the literal path of an endpoint key (`'GET /events/:id'` → GET, `/events/:id`). */
export function endpointRoute<M extends EndpointMethod>(key: EndpointKeyOf<M>): { method: M; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as M, path: key.slice(space + 1) };
}

/**
 * `path` with each `:name` replaced by `params[name]`, URI-encoded (`/events/:id`, {id: 'a b'} →
 * `/events/a%20b`).
 * @throws Error when a parameter of the path is missing from `params`
 */
export function fillPath(path: string, params?: Readonly<Record<string, string | number>>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
