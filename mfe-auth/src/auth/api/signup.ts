import { apiClient, type SignupPayload, TIMEOUT_SIGNUP_MS, type User } from '@campus/shared';

/** What `POST /auth/signup` answers (201). */
export interface SignupResult {
  message: string;
  user: User;
  /** false when the account was created but the verification mail could not be sent. */
  emailSent: boolean;
}

/**
 * `POST /auth/signup` with the spec 3 payload and the 60 s signup timeout (spec 9).
 * @throws the axios error (server message in `response.data.message`, fields in `errors`)
 */
export async function signup(payload: SignupPayload): Promise<SignupResult> {
  const { data } = await apiClient.post<{ message: string; data: { user: User; emailSent: boolean } }>(
    '/auth/signup',
    payload,
    { timeout: TIMEOUT_SIGNUP_MS, redirectOnError: false },
  );
  return { message: data.message, user: data.data.user, emailSent: data.data.emailSent !== false };
}
