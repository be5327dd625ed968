/**
 * Scam signals (docs/product.md §29, ADR 0034): what item answers carry as `safetySignals`, what the
 * moderation desk lists (`GET /api/v1/admin/safety-signals`).
 */
import { dateTime, objectOf } from './pieces';

/** The kinds of scam signal, in the order they are shown. */
export const SAFETY_SIGNAL_KINDS = [
  'reused_photo',
  'price_outlier',
  'advance_payment',
  'new_account_high_price',
  'reported_seller',
] as const;

/** A kind of scam signal. */
export type SafetySignalKind = (typeof SAFETY_SIGNAL_KINDS)[number];

/** One warning on an item answer: its kind and the buyer's plain-English message. */
export const safetySignalSchema = objectOf({
  kind: { type: 'string', enum: SAFETY_SIGNAL_KINDS },
  message: { type: 'string' },
});

/** `safetySignals` of an item answer: empty for most listings. */
export const safetySignalsSchema = {
  type: 'array',
  items: safetySignalSchema,
  description: 'Scam signals of this listing (docs/product.md §29); shown before the buyer goes to WhatsApp',
} as const;

/** One listing flagged on the moderation desk, with each signal's evidence. */
export const safetyFlagSchema = objectOf({
  listingType: { type: 'string', enum: ['products', 'services'] },
  listingId: { type: 'string' },
  title: { type: 'string' },
  link: { type: 'string', description: 'Path of the public page' },
  moderation: { type: 'string', enum: ['visible', 'held', 'hidden'] },
  owner: objectOf({ _id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } }),
  signals: {
    type: 'array',
    items: objectOf({
      kind: { type: 'string', enum: SAFETY_SIGNAL_KINDS },
      message: { type: 'string' },
      evidence: { type: 'object', additionalProperties: true, description: 'Depends on the kind' },
      createdAt: dateTime,
    }),
  },
});

/** `GET /admin/safety-signals` data: the flagged listings, newest signal first. */
export const safetyFlagsSchema = objectOf({ flags: { type: 'array', items: safetyFlagSchema } });
