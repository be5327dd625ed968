import { apiClient } from '@campus/shared';

/**
 * `PATCH /auth/reset-password/:token {password, passwordConfirm}`: sets the new password (every
 * earlier session ends). 400 with a message when the link is unknown, used, replaced or expired.
 * @returns the server's message
 * @throws the axios error
 */
export async function resetPassword(
  token: string,
  password: string,
  passwordConfirm: string,
): Promise<string> {
  const answer = await apiClient.call('PATCH /auth/reset-password/:token', {
    params: { token },
    body: { password, passwordConfirm },
    redirectOnError: false,
  });
  return answer.message;
}
