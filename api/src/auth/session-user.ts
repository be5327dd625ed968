/**
 * The signed-in user of a request (docs/product.md §12): what `app.authenticate` (plugins/app/auth.ts) sets
 * as `request.user`, and what the services' owner checks and writes take. Built from a `users`
 * row by `toSessionUser`.
 */
import type { UserRow } from '../db/schema.ts';

/** The signed-in user of a request, set by `app.authenticate` as `request.user`. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  whatsApp: string;
  university: string;
  photo: string | null;
  role: 'user' | 'admin';
  emailVerified: boolean;
}

/** Maps a users row to the `request.user` shape. */
export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    whatsApp: row.whatsapp,
    university: row.university,
    photo: row.photo,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
  };
}
