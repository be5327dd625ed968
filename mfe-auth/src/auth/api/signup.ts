import { apiClient, type SignupPayload, TIMEOUT_SIGNUP_MS } from '@campus/shared';

/**
 * What `POST /auth/signup` answers (201): only a message. The answer is the same whether or not
 * the e-mail already had an account (ADR 0011); the verification mail goes through the
 * API's durable outbox, so it is sent even if the mail server is down for a while.
 */
export interface SignupResult {
  message: string;
}

/**
 * `POST /auth/signup` with the docs/product.md §3 payload and the 60 s signup timeout (docs/product.md §9).
 * @throws the axios error (server message in `response.data.message`, fields in `errors`)
 */
export async function signup(payload: SignupPayload): Promise<SignupResult> {
  const answer = await apiClient.call('POST /auth/signup', {
    body: payload,
    timeout: TIMEOUT_SIGNUP_MS,
    redirectOnError: false,
  });
  return { message: answer.message };
}
