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
  const { data } = await apiClient.patch<{ message: string }>(
    `/auth/reset-password/${encodeURIComponent(token)}`,
    { password, passwordConfirm },
    { redirectOnError: false },
  );
  return data.message;
}
