import { apiClient } from '@campus/shared';

/**
 * `POST /auth/resend-verification {email}` (ARCHITECTURE decision: the check-inbox page knows the
 * e-mail it was reached with). The server answers the same whether or not the account exists.
 * @throws the axios error
 */
export async function resendVerification(email: string): Promise<string> {
  const answer = await apiClient.call('POST /auth/resend-verification', {
    body: { email },
    redirectOnError: false,
  });
  return answer.message;
}
