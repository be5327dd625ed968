/**
 * Password rules on top of docs/product.md §5's 4-character minimum (ADR 0011; OWASP ASVS 6.2.4),
 * shared by the API (signup, reset, change password) and the three password forms:
 *
 * - a common password is refused: one that zxcvbn-ts scores 0 (fewer than ~1 000 guesses:
 *   '1234', 'abcd', 'password', 'qwerty') or that is, as a whole, an entry of its common-password
 *   dictionary (@zxcvbn-ts/language-common, ~30 000 leaked passwords: 'jambo', 'zebra');
 * - a password that contains the e-mail's local part or the first or last name (or one word of
 *   them), compared case-insensitively, is refused; only parts of 3 characters or more count.
 *
 * The dictionaries are large (~1.3 MB unpacked), so the browser loads them lazily:
 * `loadPasswordChecker()` imports them on first use (a separate chunk, fetched when a password
 * is first typed) and caches the checker. The server builds its checker once at start with
 * `createPasswordChecker` from statically imported modules.
 */

/** The messages of these rules (the API answers 400 with them; the forms show them). */
export const PASSWORD_POLICY_MESSAGES = {
  tooCommon: 'This password is too common. Choose a less common one.',
  personal: 'Your password must not contain your name or email.',
} as const;

/** Labels of the strength scores 0-4 (shown as "Strength: <label>"). */
export const PASSWORD_STRENGTH_LABELS = ['very weak', 'weak', 'fair', 'good', 'strong'] as const;

/** Personal details a password must not contain (any may be missing). */
export interface PersonalInfo {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Shortest part of a name or e-mail that counts (shorter ones are too common in passwords). */
export const PERSONAL_PART_MIN_LENGTH = 3;

/**
 * The lower-cased parts of `info` a password must not contain: the e-mail's local part, its
 * pieces split at `.`, `_`, `-`, `+` and digits, each name and each word of a name; parts
 * shorter than `PERSONAL_PART_MIN_LENGTH` are left out.
 */
export function personalParts(info: PersonalInfo): string[] {
  const parts = new Set<string>();
  const add = (value: string) => {
    const part = value.trim().toLowerCase();
    if (part.length >= PERSONAL_PART_MIN_LENGTH) parts.add(part);
  };
  const local = (info.email ?? '').trim().split('@')[0] ?? '';
  add(local);
  for (const piece of local.split(/[._+\-0-9]+/)) add(piece);
  for (const name of [info.firstName, info.lastName]) {
    if (!name) continue;
    add(name);
    for (const word of name.split(/[\s'-]+/)) add(word);
  }
  return [...parts];
}

/** True when `password` contains one of `personalParts(info)`, case-insensitively. */
export function containsPersonalInfo(password: string, info: PersonalInfo): boolean {
  const lower = password.toLowerCase();
  return personalParts(info).some((part) => lower.includes(part));
}

/** A strength estimate: zxcvbn's score 0-4 and its label. */
export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof PASSWORD_STRENGTH_LABELS)[number];
}

/** The rules, with the dictionaries loaded. */
export interface PasswordChecker {
  /** True when `password` is common (see the module comment). */
  isCommon(password: string): boolean;
  /** The strength of `password`; 0 when it breaks a rule of this module. */
  strength(password: string, info?: PersonalInfo): PasswordStrength;
  /** The message of the first rule `password` breaks, or null (personal details first). */
  problem(password: string, info?: PersonalInfo): string | null;
}

/** zxcvbn-ts slows down on long inputs; longer passwords are judged on their first 100 characters. */
const CHECKED_LENGTH = 100;

/** The two zxcvbn-ts modules the checker is built from. */
export interface ZxcvbnModules {
  core: typeof import('@zxcvbn-ts/core');
  common: typeof import('@zxcvbn-ts/language-common');
}

let loading: Promise<PasswordChecker> | undefined;

/**
 * Browser: imports the dictionaries (a separate chunk, once) and returns the checker.
 * @throws the import error when the chunk cannot be fetched (a later call tries again)
 */
export function loadPasswordChecker(): Promise<PasswordChecker> {
  loading ??= Promise.all([
    import(/* webpackChunkName: "password-dictionary" */ '@zxcvbn-ts/core'),
    import(/* webpackChunkName: "password-dictionary" */ '@zxcvbn-ts/language-common'),
  ])
    .then(([core, common]) => createPasswordChecker({ core, common }))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** Builds the checker from loaded zxcvbn-ts modules (the server imports them statically). */
export function createPasswordChecker({ core, common }: ZxcvbnModules): PasswordChecker {
  const zxcvbn = new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
    useLevenshteinDistance: false,
  });
  const evaluate = (password: string, inputs: string[] = []) =>
    zxcvbn.check(password.slice(0, CHECKED_LENGTH), inputs);
  const isCommon = (password: string) => {
    const result = evaluate(password);
    if (result.score === 0) return true;
    const [only, ...rest] = result.sequence;
    return (
      rest.length === 0 &&
      only?.pattern === 'dictionary' &&
      (only as { dictionaryName?: string }).dictionaryName === 'passwords-common'
    );
  };
  const problem = (password: string, info: PersonalInfo = {}) => {
    if (containsPersonalInfo(password, info)) return PASSWORD_POLICY_MESSAGES.personal;
    if (isCommon(password)) return PASSWORD_POLICY_MESSAGES.tooCommon;
    return null;
  };
  return {
    isCommon,
    problem,
    strength(password, info = {}) {
      const score = problem(password, info) ? 0 : evaluate(password, personalParts(info)).score;
      return { score, label: PASSWORD_STRENGTH_LABELS[score] };
    },
  };
}
