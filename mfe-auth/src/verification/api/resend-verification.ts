import { apiClient } from '@campus/shared';

/**
 * `POST /auth/resend-verification {email}` (ARCHITECTURE decision: the check-inbox page knows the
 * e-mail it was reached with). The server answers the same whether or not the account exists.
 * @throws the axios error
 */
export async function resendVerification(email: string): Promise<string> {
  const { data } = await apiClient.post<{ message: string }>(
    '/auth/resend-verification',
    { email },
    { redirectOnError: false },
  );
  return data.message;
}
