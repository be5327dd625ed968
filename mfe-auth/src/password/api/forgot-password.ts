import { apiClient } from '@campus/shared';

/**
 * `POST /auth/forgot-password {email}`: the server mails a reset link (1 h) when the account
 * exists and answers the same either way.
 * @returns the server's message
 * @throws the axios error
 */
export async function requestPasswordReset(email: string): Promise<string> {
  const { data } = await apiClient.post<{ message: string }>(
    '/auth/forgot-password',
    { email },
    { redirectOnError: false },
  );
  return data.message;
}
