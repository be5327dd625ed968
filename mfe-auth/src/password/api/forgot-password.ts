import { apiClient } from '@campus/shared';

/**
 * `POST /auth/forgot-password {email}`: the server mails a reset link (1 h) when the account
 * exists and answers the same either way.
 * @returns the server's message
 * @throws the axios error
 */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await apiClient.call('POST /auth/forgot-password', {
    body: { email },
    redirectOnError: false,
  });
  return answer.message;
}
