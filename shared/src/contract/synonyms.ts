/**
 * The search synonym groups of the moderators' desk (docs/product.md §31, ADR 0036): the limits,
 * one group, and the body and answer of `GET|PUT /admin/synonyms`. Pure `as const` data.
 */
import { successResponse } from './pieces';

/** Most synonym groups kept. */
export const MAX_SYNONYM_GROUPS = 300;
/** Most terms in one group's `words`, and in its `narrower`. */
export const MAX_GROUP_TERMS = 24;

const terms = {
  type: 'array',
  maxItems: MAX_GROUP_TERMS,
  items: { type: 'string', minLength: 1, maxLength: 60 },
} as const;

/** One synonym group: `words` mean the same (each finds the others); `narrower` are kinds of them. */
export const synonymGroupSchema = {
  type: 'object',
  required: ['words', 'narrower'],
  additionalProperties: false,
  properties: { words: { ...terms, minItems: 1 }, narrower: terms },
} as const;

/** `PUT /admin/synonyms` body: every group (replaces them all). */
export const synonymsBodySchema = {
  type: 'object',
  required: ['groups'],
  additionalProperties: false,
  properties: { groups: { type: 'array', maxItems: MAX_SYNONYM_GROUPS, items: synonymGroupSchema } },
} as const;

/** `GET|PUT /admin/synonyms` answer: the groups as kept. */
export const synonymsAnswerSchema = successResponse({
  type: 'object',
  required: ['groups'],
  properties: { groups: { type: 'array', items: synonymGroupSchema } },
});
