/**
 * Users use cases: the count shown in the stats (docs/product.md §3 "Stats", docs/product.md §7), the current user
 * (`GET /users/me`) and the profile update (`PATCH /users/updateMe`, docs/product.md §7) with its photo.
 */
import type { UserJson } from '@campus/shared/contract';
import { type ProfileInput, validateProfile } from '../auth/validation.ts';
import { ResponseCache } from '../catalog/response-cache.ts';
import { HttpError } from '../errors.ts';
import { processImage } from '../uploads/image-pipeline.ts';
import type { ImageSource } from '../uploads/spool.ts';
import { type Storage, storeImageVariants } from '../uploads/storage.ts';
import type { ProfileChanges, UsersRepository } from './repository.ts';
import { toUserJson } from './user-json.ts';

export type UsersService = ReturnType<typeof usersService>;

export const USER_NOT_FOUND = 'User not found';
export const NOTHING_TO_UPDATE = 'Nothing to update: send firstName, lastName, whatsApp, university or photo';

/** Folder of profile photos in the upload storage. */
export const AVATAR_FOLDER = 'avatars';

export interface UsersServiceDeps {
  /** Where profile photos go (needed by `updateMe` with a photo). */
  storage?: Storage;
  /** Clock (tests may inject one). */
  now?: () => Date;
  /** The app's cache of public answers (default: a private one). */
  responses?: ResponseCache;
}

/** Storage key of an avatar URL path we wrote (`/uploads/avatars/...`), else null. */
function avatarKey(photo: string | null): string | null {
  const match = photo ? /^\/uploads\/(avatars\/[A-Za-z0-9._-]+)$/.exec(photo) : null;
  return match?.[1] ?? null;
}

/** Builds the users service. */
export function usersService(repository: UsersRepository, deps: UsersServiceDeps = {}) {
  const now = deps.now ?? (() => new Date());
  const responses = deps.responses ?? new ResponseCache();
  return {
    /** `GET /users/usersCount`: number of accounts (cached a few seconds; signups invalidate it). */
    count: () => responses.get('users:count', ['accounts'], () => repository.countAll()),

    /**
     * Forget cached answers that hold users (the account count, names in lists). Call after
     * writing users outside this service: signup does (through the auth plugin).
     */
    invalidate: () => responses.invalidate('users', 'accounts'),

    /**
     * `GET /users/me`: the user with id `id`.
     * @throws HttpError 404 when the account no longer exists
     */
    async me(id: string): Promise<UserJson> {
      const row = await repository.findById(id);
      if (!row) throw new HttpError(404, USER_NOT_FOUND);
      return toUserJson(row);
    },

    /**
     * `PATCH /users/updateMe`: changes any of firstName, lastName, whatsApp, university (docs/product.md §5
     * rules and messages) and, with `photo` (upload bytes or its spooled file), the profile photo: checked and
     * re-encoded by the image pipeline, kept as a 400 px WebP under /uploads/avatars/. The old
     * photo's file is deleted after the update.
     * @throws HttpError 400 (field messages in `errors`, or nothing to update), 404 (account gone),
     *   ImageError 400/413 for a bad or too large picture
     */
    async updateMe(id: string, input: ProfileInput, photo?: ImageSource): Promise<UserJson> {
      const checked = validateProfile(input);
      if ('errors' in checked) {
        throw new HttpError(400, Object.values(checked.errors)[0] ?? 'Invalid profile', checked.errors);
      }
      const { value } = checked;
      const changes: ProfileChanges = {
        ...(value.firstName !== undefined ? { first_name: value.firstName } : {}),
        ...(value.lastName !== undefined ? { last_name: value.lastName } : {}),
        ...(value.whatsApp !== undefined ? { whatsapp: value.whatsApp } : {}),
        ...(value.university !== undefined ? { university: value.university } : {}),
      };
      if (Object.keys(changes).length === 0 && !photo) throw new HttpError(400, NOTHING_TO_UPDATE);
      const before = await repository.findById(id);
      if (!before) throw new HttpError(404, USER_NOT_FOUND);

      let written: string[] = [];
      if (photo) {
        if (!deps.storage) throw new Error('usersService: no storage configured for profile photos');
        const processed = await processImage(photo);
        // Avatars use the 400 px file only: the 800/200 px variants are not stored.
        const stored = await storeImageVariants(deps.storage, AVATAR_FOLDER, {
          large: processed.large,
          thumbnail: processed.thumbnail,
        });
        written = stored.keys;
        changes.photo = stored.coverThumbnail;
        // Only the 400 px variant is used for avatars.
        const largeKey = avatarKey(stored.coverImage);
        if (largeKey) {
          await deps.storage.delete(largeKey);
          written = written.filter((key) => key !== largeKey);
        }
      }
      let row: Awaited<ReturnType<UsersRepository['updateProfile']>>;
      try {
        row = await repository.updateProfile(id, changes, now());
      } catch (error) {
        await Promise.allSettled(written.map((key) => deps.storage?.delete(key)));
        throw error;
      }
      if (!row) {
        await Promise.allSettled(written.map((key) => deps.storage?.delete(key)));
        throw new HttpError(404, USER_NOT_FOUND);
      }
      // Lists and shop pages show the seller's name, WhatsApp and photo.
      await responses.invalidate('users');
      const oldKey = photo ? avatarKey(before.photo) : null;
      if (oldKey && deps.storage) await deps.storage.delete(oldKey).catch(() => {});
      return toUserJson(row);
    },
  };
}
