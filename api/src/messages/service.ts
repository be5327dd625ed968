/**
 * Contact message use case: store what the Contact Us message form sends (docs/product.md §17).
 */

import { MESSAGE_THANKS } from '@campus/shared/constants';
import { assertEmail } from '../site/common.ts';
import type { MessagesRepository } from './repository.ts';
import type { MessageBody } from './schemas.ts';

export { MESSAGE_THANKS };

export type MessagesService = ReturnType<typeof messagesService>;

/** Builds the messages service. */
export function messagesService(repository: MessagesRepository) {
  return {
    /**
     * Stores a schema-validated, trimmed message; resolves to the confirmation message.
     * @throws HttpError 400 when the e-mail is not an address
     */
    async submit(body: MessageBody): Promise<string> {
      assertEmail(body.email);
      await repository.insert({
        name: body.name,
        email: body.email,
        subject: body.subject,
        message: body.message,
      });
      return MESSAGE_THANKS;
    },
  };
}
