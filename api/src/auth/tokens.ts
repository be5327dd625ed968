/**
 * One-time link tokens (ARCHITECTURE "Security baseline"): 32 random bytes, base64url in the
 * link (43 characters), stored only as their SHA-256 (hex).
 */
import { createHash, randomBytes } from 'node:crypto';

/** Lifetime of an e-mail verification link, ms (24 h). */
export const VERIFY_EMAIL_TTL_MS = 24 * 3600 * 1000;
/** Lifetime of a password reset link, ms (1 h). */
export const RESET_PASSWORD_TTL_MS = 3600 * 1000;

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** A fresh token and the hash to store. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** Hex SHA-256 of `token`. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** True when `value` has the shape of a link token (checked before any database lookup). */
export function isLinkTokenFormat(value: string): boolean {
  return TOKEN_FORMAT.test(value);
}
