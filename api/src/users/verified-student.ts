/**
 * The verified-student rule (docs/product.md §19.5): a user is a verified student when their e-mail is
 * verified and its domain equals, or is a subdomain of, the web domain of their university in the
 * bundled list (`universities/universities.json`, the entry's `url` with scheme, `www.`, port and
 * path stripped). E.g. for University of Nairobi (`https://www.uonbi.ac.ke`): `uonbi.ac.ke` and
 * `students.uonbi.ac.ke` count; `gmail.com` and `notuonbi.ac.ke` do not.
 *
 * The flag is stored (`users.verified_student`) and recomputed wherever the e-mail, its
 * verification or the university changes (auth and users repositories; 0012 backfills).
 */
import { loadUniversities } from '../universities/universities.ts';

let domainsCache: ReadonlyMap<string, string> | undefined;

/**
 * The web domain of a university `url`: host name, lower-cased, without a leading `www.`.
 * @returns e.g. 'uonbi.ac.ke' for 'https://www.uonbi.ac.ke/', or null for an unparsable url
 */
export function webDomain(url: string): string | null {
  try {
    const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    const domain = host.startsWith('www.') ? host.slice(4) : host;
    return domain.includes('.') ? domain : null;
  } catch {
    return null;
  }
}

/**
 * Lower-cased university name → web domain, for every entry of the bundled list (the first url of
 * a repeated name wins, as in the signup picker).
 */
export function universityDomains(): ReadonlyMap<string, string> {
  if (!domainsCache) {
    const map = new Map<string, string>();
    for (const entry of loadUniversities()) {
      const key = entry.name.trim().toLowerCase();
      const domain = webDomain(entry.url);
      if (domain && !map.has(key)) map.set(key, domain);
    }
    domainsCache = map;
  }
  return domainsCache;
}

/** True when `emailDomain` is `domain` or a subdomain of it (both compared lower-cased). */
export function isSameOrSubdomain(emailDomain: string, domain: string): boolean {
  const host = emailDomain.toLowerCase();
  const base = domain.toLowerCase();
  return host === base || host.endsWith(`.${base}`);
}

/**
 * Whether an account is a verified student.
 * @param user the account's e-mail, university name and whether the e-mail is verified
 * @returns false for an unverified e-mail, an unknown university or any other domain
 */
export function isVerifiedStudent(user: {
  email: string;
  university: string;
  emailVerified: boolean;
}): boolean {
  if (!user.emailVerified) return false;
  const at = user.email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = universityDomains().get(user.university.trim().toLowerCase());
  return domain !== undefined && isSameOrSubdomain(user.email.slice(at + 1), domain);
}
