/**
 * Request and response schemas of the users routes (docs/product.md §7).
 */

import { userJsonSchema } from '@campus/shared/contract';
import {
  bearerSecurity,
  countResponse,
  errorResponses,
  objectOf,
  successResponse,
} from '../common/schemas.ts';

export const usersCountSchema = {
  tags: ['users'],
  summary: 'Number of user accounts',
  response: countResponse,
} as const;

const userResponse = {
  200: successResponse(objectOf({ user: userJsonSchema })),
  ...errorResponses,
} as const;

export const meSchema = {
  tags: ['users'],
  summary: 'The signed-in user',
  security: bearerSecurity,
  response: userResponse,
} as const;

export const updateMeSchema = {
  tags: ['users'],
  summary: 'Update my profile',
  description:
    'multipart/form-data (or JSON without photo) with any of firstName, lastName, whatsApp, university ' +
    '(spec 5 rules) and a `photo` file (JPEG, PNG, WebP, GIF or HEIC, at most 10 MB; stored as a 400 px WebP). ' +
    'The e-mail cannot be changed here.',
  security: bearerSecurity,
  response: userResponse,
} as const;
