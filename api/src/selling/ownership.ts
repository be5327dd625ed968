/**
 * Who may change a listing (ARCHITECTURE "Security baseline": owners only for every change):
 * the owner may edit and delete; an admin (`role === 'admin'`) may also delete any listing
 * (moderation), never edit it.
 */

import type { SessionUser } from '../auth/session-user.ts';
import { HttpError } from '../errors.ts';

export const NOT_OWNER_MESSAGE = 'You do not have permission to change this listing';

/**
 * @param ownerId the listing's seller / provider / organizer / shop owner
 * @param user the signed-in user
 * @param action 'edit' (owner only) or 'delete' (owner or admin)
 * @throws HttpError 403 'You do not have permission to change this listing'
 */
export function assertCanChange(
  ownerId: string,
  user: Pick<SessionUser, 'id' | 'role'>,
  action: 'edit' | 'delete',
): void {
  if (ownerId === user.id) return;
  if (action === 'delete' && user.role === 'admin') return;
  throw new HttpError(403, NOT_OWNER_MESSAGE);
}

/** 409 answer to an owner's edit of a held or hidden listing (docs/product.md §26, ADR 0031). */
export const UNDER_REVIEW_MESSAGE =
  'This listing is under review by our moderators and cannot be edited. To appeal, reply to the moderators’ e-mail or write to us through the Contact page.';

/**
 * A held or hidden listing (moderation not 'visible') cannot be edited by its owner: it waits
 * for a moderator, and the owner's way is an appeal (docs/decisions/0031). Deleting stays
 * possible (a soft delete that keeps the moderation record).
 * @throws HttpError 409 `UNDER_REVIEW_MESSAGE`
 */
export function assertEditable(moderation: string): void {
  if (moderation !== 'visible') throw new HttpError(409, UNDER_REVIEW_MESSAGE);
}

/** 409 answer to an owner's edit or delete of a held or hidden shop (docs/product.md §26, ADR 0031). */
export const SHOP_UNDER_REVIEW_MESSAGE =
  'This shop is under review by our moderators and cannot be edited or deleted. To appeal, reply to the moderators’ e-mail or write to us through the Contact page.';

/**
 * A held or hidden shop (moderation not 'visible') can be neither edited nor deleted by its owner
 * until a moderator decides (docs/decisions/0031): deleting a shop would end its moderation record
 * and detach its products, and a shop is one per owner, so a soft-deleted one would block the
 * owner's next shop. An admin may still delete it.
 * @throws HttpError 409 `SHOP_UNDER_REVIEW_MESSAGE`
 */
export function assertShopChangeable(
  moderation: string,
  user: Pick<SessionUser, 'id' | 'role'>,
  ownerId: string,
): void {
  if (moderation === 'visible') return;
  if (user.role === 'admin' && user.id !== ownerId) return;
  throw new HttpError(409, SHOP_UNDER_REVIEW_MESSAGE);
}
