/**
 * Type tests of the table of endpoints (docs/decisions/0038), checked by `npm run typecheck`
 * (`tsc -p shared`): an answer's keys are the contract's, so a renamed key fails to compile in
 * every caller; each `@ts-expect-error` fails the check if the line it marks ever compiles.
 * Nothing here runs.
 */
import type { ApiClient } from '../api-client';
import type { StrayPaths } from './endpoints';
import type { AnswerOf, FormBody, JsonOf } from './index';

declare const apiClient: ApiClient;

export async function typeTests(): Promise<void> {
  // An entry's literal `path` (the listing kinds' lists) is its key's path.
  const pathsAgree: [StrayPaths] extends [never] ? true : StrayPaths = true;
  const event = await apiClient.call('GET /events/:id', { params: { id: 'x' } });
  const title: string = event.data.event.title;
  // @ts-expect-error `name` is not a key of an event (renaming `title` in eventSchema breaks the line above)
  event.data.event.name;
  // @ts-expect-error the path has `:id`: params are required
  await apiClient.call('GET /events/:id');
  // @ts-expect-error `page` of `GET /events` is a number
  await apiClient.call('GET /events', { query: { page: 'one' } });
  // @ts-expect-error not an endpoint of the table
  await apiClient.call('GET /nowhere');

  const login = await apiClient.call('POST /auth/login', { body: { email: 'a@b.ke', password: 'x' } });
  const token: string = login.token;
  // @ts-expect-error the login answer has `token`, not `jwt`
  login.jwt;
  // @ts-expect-error the feedback body requires a rating
  await apiClient.call('POST /feedback', { body: { name: 'A', email: 'a@b.ke', message: 'Hi' } });

  const form = new FormData() as FormBody<'title' | 'coverImage'>;
  await apiClient.call('POST /events', { body: form });
  // @ts-expect-error the shop form has no `title`
  await apiClient.call('POST /shops', { body: form });

  const unsaved: null = await apiClient.call('DELETE /favourites/:kind/:id', {
    params: { kind: 'products', id: 'x' },
  });
  // @ts-expect-error `kind` is products or services
  await apiClient.call('PUT /favourites/:kind/:id', { params: { kind: 'shops', id: 'x' } });

  const products = await apiClient.call('GET /products', {
    query: { page: 1, limit: 20, condition: 'good' },
  });
  const productTitle: string = products.data.products[0]?.title ?? '';
  // @ts-expect-error a product has `title`, a service `name`
  products.data.products[0]?.name;
  // @ts-expect-error `condition` is one of the product conditions
  await apiClient.call('GET /products', { query: { condition: 'mint' } });
  // @ts-expect-error services have no `condition` filter
  await apiClient.call('GET /services', { query: { condition: 'good' } });
  // @ts-expect-error the hide reason is required (shown to the owner)
  await apiClient.call('POST /admin/products/:id/hide', { params: { id: 'x' }, body: {} });
  // @ts-expect-error a release's remote is one of the remotes
  await apiClient.call('POST /releases/:remote/rollback', { params: { remote: 'shop' }, body: {} });
  const reported = await apiClient.call('POST /reports', {
    body: { targetType: 'product', targetId: 'x', reason: 'scam' },
  });
  const thanks: string = reported.data.message;

  // A renamed key in a schema changes the answer type: the old key is gone.
  const renamed = {
    type: 'object',
    required: ['heading'],
    properties: { heading: { type: 'string' } },
  } as const;
  const answer = {} as JsonOf<typeof renamed>;
  // @ts-expect-error `title` was renamed to `heading`
  answer.title;
  const summary: AnswerOf<'GET /dashboard/summary'>['data']['summary']['views'] = 0;
  void [pathsAgree, title, token, unsaved, summary, productTitle, thanks];
}
