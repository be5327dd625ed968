import { apiClient, type LoginCredentials, type LoginResponse } from '@campus/shared';

/**
 * `POST /auth/login` (docs/product.md §7): `{email, password}` → `{token, user}`. The form shows failures
 * itself, so the client's 401/403/404 redirects are off.
 * @throws the axios error (server message in `response.data.message`)
 */
export async function login(credentials: LoginCredentials): Promise<LoginResponse> {
  const answer = await apiClient.call('POST /auth/login', { body: credentials, redirectOnError: false });
  return { token: answer.token, user: answer.user };
}
