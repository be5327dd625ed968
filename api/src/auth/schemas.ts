/**
 * Route-level docs of the account routes (docs/product.md §3, §7; §12): tags, summaries,
 * descriptions, security and error answers. Params, bodies and answers are the entries of the
 * table of endpoints (`@campus/shared/contract`, docs/decisions/0038); the bodies are typed
 * loosely there (strings with generous length caps) so that the docs/product.md §5 rules and
 * their exact messages come from `validation.ts`, not from Ajv's generic texts.
 */
import { bearerSecurity, errorResponses } from '../common/schemas.ts';

export const signupSchema = {
  tags: ['auth'],
  summary: 'Create an account (unverified) and mail the verification link',
  description:
    'The rules of docs/product.md §5, each failing field in `errors` with its message; the password must also not be common ' +
    'nor contain the name or the e-mail. An e-mail that already has an account gets the same 201 answer ' +
    '(no account is created; its owner is mailed a notice). Mails go through the durable outbox: ' +
    'they are retried until the mail server takes them.',
  response: errorResponses,
};

export const loginSchema = {
  tags: ['auth'],
  summary: 'Log in: a 7-day JWT and the user',
  description:
    "401 'Incorrect email or password' for an unknown e-mail or a wrong password; 403 when the e-mail is not verified yet.",
  response: errorResponses,
};

export const verifyEmailSchema = {
  tags: ['auth'],
  summary: 'Follow the verification link (redirects to the verification page)',
  description:
    'Always 303 to `/verify-email?status=success&code=verified` or `/verify-email?status=error&code=invalid|used|expired|superseded|already-verified`; ' +
    'the page shows its own text for the code (no text travels in the URL).',
};

export const resendVerificationSchema = {
  tags: ['auth'],
  summary: 'Send a new verification link (older links stop working)',
  description: 'The same answer whether or not an unverified account exists for the e-mail.',
  response: errorResponses,
};

export const forgotPasswordSchema = {
  tags: ['auth'],
  summary: 'Mail a password reset link (1 hour, single use)',
  description: 'The same answer whether or not an account exists for the e-mail.',
  response: errorResponses,
};

export const resetPasswordSchema = {
  tags: ['auth'],
  summary: 'Set a new password with a reset link',
  description: 'Ends every session issued before. 400 when the link is unknown, used, replaced or expired.',
  response: errorResponses,
};

export const logoutSchema = {
  tags: ['auth'],
  summary: 'Log out: this session token stops working',
  description: 'Revokes the presented token (by its id) on the server. Other sessions stay signed in.',
  security: bearerSecurity,
  response: errorResponses,
};

export const logoutAllSchema = {
  tags: ['auth'],
  summary: 'Log out of all devices',
  description: 'Ends every session of the signed-in user, this one included.',
  security: bearerSecurity,
  response: errorResponses,
};

export const updateMyPasswordSchema = {
  tags: ['users'],
  summary: 'Change my password (signed in)',
  description:
    'Checks `passwordCurrent` (400 with `errors.passwordCurrent` when missing or wrong), applies the password ' +
    'rules (at least 4 characters, not common, not containing the name or e-mail), ends every other session ' +
    'and answers a fresh token and the user (like login) so this device stays signed in. The owner is mailed a notice.',
  security: bearerSecurity,
  response: errorResponses,
};
