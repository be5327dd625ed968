/**
 * The signed-in user as the API sends it (spec 3 "User": user{firstName, lastName, photo,
 * university, role}; signup also collects email and whatsApp): the `user` of `POST /auth/login`,
 * `GET /users/me` and `PATCH /users/updateMe`.
 */
import type { UserRow } from '../db/schema.ts';

export interface UserJson {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  whatsApp: string;
  /** URL path of the 400 px WebP profile photo, or null. */
  photo: string | null;
  university: string;
  role: 'user' | 'admin';
  /** Issue 12 item 5: verified e-mail on the university's web domain (or a subdomain). */
  verifiedStudent: boolean;
}

/** Maps a users row to `UserJson`. */
export function toUserJson(row: UserRow): UserJson {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    whatsApp: row.whatsapp,
    photo: row.photo,
    university: row.university,
    role: row.role,
    verifiedStudent: row.verified_student,
  };
}

/** JSON schema of `UserJson` (response serialization and /api/docs). */
export const userJsonSchema = {
  type: 'object',
  required: [
    '_id',
    'firstName',
    'lastName',
    'email',
    'whatsApp',
    'photo',
    'university',
    'role',
    'verifiedStudent',
  ],
  properties: {
    _id: { type: 'string', description: 'UUID of the user' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    whatsApp: { type: 'string', description: '254 followed by 9 digits' },
    photo: { type: ['string', 'null'], description: 'URL path of the 400 px WebP profile photo, or null' },
    university: { type: 'string', description: 'A KE name of the university reference list' },
    role: { type: 'string', enum: ['user', 'admin'] },
    verifiedStudent: {
      type: 'boolean',
      description: "The e-mail is verified and on the university's web domain (or a subdomain) (issue 12)",
    },
  },
} as const;
