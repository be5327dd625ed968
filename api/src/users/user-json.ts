/**
 * The signed-in user as the API sends it (docs/product.md §3 "User": user{firstName, lastName, photo,
 * university, role}; signup also collects email and whatsApp): the `user` of `POST /auth/login`,
 * `GET /users/me` and `PATCH /users/updateMe`. Its type and schema are the contract's
 * (`@campus/shared/contract`: `UserJson`, `userJsonSchema`).
 */
import type { UserJson } from '@campus/shared/contract';
import type { UserRow } from '../db/schema.ts';

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
