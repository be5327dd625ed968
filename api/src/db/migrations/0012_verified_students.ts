/**
 * Migration 0012: backfills `users.verified_student` (docs/product.md §19.5) for accounts verified
 * before 0010 added it: true when the e-mail is verified and its domain equals, or is a
 * subdomain of, the web domain of the user's university in the bundled list
 * (`users/verified-student.ts`, the same rule the API applies on verification and on e-mail or
 * university changes). One UPDATE joining a VALUES list of (university name, domain).
 */
import { type Kysely, sql } from 'kysely';
import { universityDomains } from '../../users/verified-student.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const domains = [...universityDomains().entries()];
  if (domains.length === 0) return;
  const rows = sql.join(domains.map(([name, domain]) => sql`(${name}, ${domain})`));
  await sql`
    UPDATE users u SET verified_student = true
    FROM (VALUES ${rows}) AS d(name, domain)
    WHERE u.email_verified_at IS NOT NULL
      AND lower(u.university) = d.name
      AND (lower(split_part(u.email, '@', 2)) = d.domain
        OR lower(split_part(u.email, '@', 2)) LIKE '%.' || d.domain)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE users SET verified_student = false`.execute(db);
}
