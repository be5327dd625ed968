/**
 * Route-level docs of the users routes (docs/product.md §7). Bodies and answers are the entries of
 * the table of endpoints (`@campus/shared/contract`, docs/decisions/0038).
 */
import { bearerSecurity, errorResponses } from '../common/schemas.ts';

export const usersCountSchema = {
  tags: ['users'],
  summary: 'Number of user accounts',
  response: errorResponses,
};

export const meSchema = {
  tags: ['users'],
  summary: 'The signed-in user',
  security: bearerSecurity,
  response: errorResponses,
};

export const updateMeSchema = {
  tags: ['users'],
  summary: 'Update my profile',
  description:
    'multipart/form-data (or JSON without photo) with any of firstName, lastName, whatsApp, university ' +
    '(the rules of docs/product.md §5) and a `photo` file (JPEG, PNG, WebP, GIF or HEIC, at most 10 MB; stored as a 400 px WebP). ' +
    'The e-mail cannot be changed here.',
  security: bearerSecurity,
  response: errorResponses,
};
