/**
 * Route-level docs of the events routes (docs/product.md §15): tags, summaries, security, error
 * answers and the multipart form's documentation. Params, query, bodies and answers are the
 * entries of the table of endpoints (`@campus/shared/contract`, docs/decisions/0038).
 */
import { LISTING_LIMITS } from '@campus/shared/constants';
import { endpoints, eventJsonBodySchema } from '@campus/shared/contract';
import { bearerSecurity, errorResponses } from '../common/schemas.ts';

const eventLimits =
  `title ${LISTING_LIMITS.titleMin}-${LISTING_LIMITS.titleMax} characters, description ` +
  `${LISTING_LIMITS.descriptionMin}-${LISTING_LIMITS.descriptionMax}, venue ${LISTING_LIMITS.venueMin}-${LISTING_LIMITS.placeMax}, ` +
  `university at most ${LISTING_LIMITS.placeMax}, startsAt/endsAt ISO 8601 with an offset (endsAt after startsAt; a new ` +
  `start not in the past), price KES >= 0 with at most 2 decimals (optional), coverImage a picture of at most 10 MB (optional)`;

const formDoc = (create: boolean) => ({
  type: 'object',
  description: `multipart/form-data or JSON. ${create ? 'title, description, startsAt and venue are required' : 'every field optional'}; ${eventLimits}.`,
  // The JSON body's fields, each a text field of the form, and the cover picture.
  properties: {
    ...eventJsonBodySchema.properties,
    price: { type: 'string' },
    coverImage: { type: 'string', description: 'Cover picture (file, multipart only)' },
  },
});

/** The body of the event form: multipart (documented) or JSON (the entry's schema). */
const formBody = (create: boolean) => ({
  content: {
    'multipart/form-data': { schema: formDoc(create) },
    'application/json': { schema: endpoints['POST /events'].body },
  },
});

export const listEventsSchema = {
  tags: ['events'],
  summary: 'Upcoming campus events (not over yet), soonest first; optionally at one university',
  response: errorResponses,
};

export const getEventSchema = { tags: ['events'], summary: 'One event', response: errorResponses };

export const myEventsSchema = {
  tags: ['events'],
  summary: 'My events (past ones too), latest start first, at most 500',
  security: bearerSecurity,
  response: errorResponses,
};

export const createEventSchema = {
  tags: ['events'],
  summary: 'Announce a campus event (verified users)',
  security: bearerSecurity,
  consumes: ['multipart/form-data', 'application/json'],
  body: formBody(true),
  response: errorResponses,
};

export const updateEventSchema = {
  tags: ['events'],
  summary: 'Edit my event (organizer only)',
  security: bearerSecurity,
  consumes: ['multipart/form-data', 'application/json'],
  body: formBody(false),
  response: errorResponses,
};

export const deleteEventSchema = {
  tags: ['events'],
  summary: 'Delete an event and its cover (the organizer, or an admin)',
  security: bearerSecurity,
  response: errorResponses,
};
