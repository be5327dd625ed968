/**
 * 'Notify Me' use case: remember an e-mail to tell about the launch (docs/product.md §17), idempotently.
 */
import { assertEmail } from '../site/common.ts';
import type { SubscribersRepository } from './repository.ts';

export const SUBSCRIBED_THANKS = "Thanks! We'll e-mail you when we launch.";

export type SubscribersService = ReturnType<typeof subscribersService>;

/** Builds the subscribers service. */
export function subscribersService(repository: SubscribersRepository) {
  return {
    /**
     * Subscribes `email` (schema-validated, trimmed). A repeated address is accepted without a
     * second row and gets the same message.
     * @throws HttpError 400 when the e-mail is not an address
     */
    async subscribe(email: string): Promise<string> {
      assertEmail(email);
      await repository.addIfMissing(email);
      return SUBSCRIBED_THANKS;
    },
  };
}
