/**
 * The account requests and the login answer (docs/product.md §3 "User", docs/product.md §5, §7; §12). Bodies
 * are typed loosely (strings with generous length caps, none required) so that the docs/product.md §5
 * rules and their exact messages come from the API's `auth/validation.ts`, not from Ajv's
 * generic texts. Pure `as const` data.
 */
import { userJsonSchema } from './entities';

/** A string of at most `maxLength` characters, with an optional description. */
export const text = <const D extends string | undefined = undefined>(maxLength: number, description?: D) =>
  ({ type: 'string', maxLength, ...(description ? { description } : {}) }) as const;

/** `POST /auth/signup` body. */
export const signupBodySchema = {
  type: 'object',
  properties: {
    firstName: text(1000),
    lastName: text(1000),
    email: text(1000),
    whatsApp: text(1000, '254 followed by exactly 9 digits'),
    university: text(1000, 'A KE name from GET /universities?country=KE'),
    password: text(1000, 'At least 4 characters; not common; not containing the name or e-mail'),
    passwordConfirm: text(1000, 'Equal to password'),
  },
} as const;

/** `POST /auth/login` body. */
export const loginBodySchema = {
  type: 'object',
  properties: { email: text(1000), password: text(1000) },
} as const;

/** `POST /auth/login` answer: a 7-day JWT and the user. */
export const loginAnswerSchema = {
  type: 'object',
  required: ['status', 'token', 'user'],
  properties: {
    status: { type: 'string', const: 'success' },
    token: { type: 'string', description: 'JWT for `Authorization: Bearer <token>`' },
    user: userJsonSchema,
  },
} as const;
