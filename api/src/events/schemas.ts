/**
 * Request and response schemas of the events routes (docs/product.md §15).
 */
import { LISTING_LIMITS } from '@campus/shared/constants';
import { eventSchema, universityQuery } from '@campus/shared/contract';
import {
  bearerSecurity,
  errorResponses,
  idParams,
  limitQuery,
  objectOf,
  pagedListResponse,
  pageQuery,
  successResponse,
} from '../common/schemas.ts';

const eventLimits =
  `title ${LISTING_LIMITS.titleMin}-${LISTING_LIMITS.titleMax} characters, description ` +
  `${LISTING_LIMITS.descriptionMin}-${LISTING_LIMITS.descriptionMax}, venue ${LISTING_LIMITS.venueMin}-${LISTING_LIMITS.placeMax}, ` +
  `university at most ${LISTING_LIMITS.placeMax}, startsAt/endsAt ISO 8601 with an offset (endsAt after startsAt; a new ` +
  `start not in the past), price KES >= 0 with at most 2 decimals (optional), coverImage a picture of at most 10 MB (optional)`;

const formDoc = (create: boolean) => ({
  type: 'object',
  description: `multipart/form-data or JSON. ${create ? 'title, description, startsAt and venue are required' : 'every field optional'}; ${eventLimits}.`,
  properties: {
    title: { type: 'string' },
    description: { type: 'string' },
    startsAt: { type: 'string' },
    endsAt: { type: 'string' },
    venue: { type: 'string' },
    university: { type: 'string' },
    price: { type: 'string' },
    coverImage: { type: 'string', description: 'Cover picture (file, multipart only)' },
  },
});

const jsonBody = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    description: { type: 'string' },
    startsAt: { type: 'string' },
    endsAt: { type: 'string' },
    venue: { type: 'string' },
    university: { type: 'string' },
    // A number is coerced to its string (what the price check parses anyway); null keeps the price.
    price: { anyOf: [{ type: ['string', 'null'] }, { type: 'number' }] },
  },
} as const;

const eventAnswer = (status: 200 | 201) => ({
  [status]: successResponse(objectOf({ event: eventSchema })),
  ...errorResponses,
});

export const listEventsSchema = {
  tags: ['events'],
  summary: 'Upcoming campus events (not over yet), soonest first; optionally at one university',
  querystring: {
    type: 'object',
    properties: {
      page: pageQuery,
      limit: limitQuery,
      university: {
        ...universityQuery,
        description: `Only events at this university (issue 13). ${universityQuery.description}`,
      },
    },
  },
  response: {
    200: pagedListResponse('events', 'totalEvents', eventSchema),
    ...errorResponses,
  },
} as const;

export const getEventSchema = {
  tags: ['events'],
  summary: 'One event',
  params: idParams,
  response: eventAnswer(200),
} as const;

export const myEventsSchema = {
  tags: ['events'],
  summary: 'My events (past ones too), latest start first, at most 500',
  security: bearerSecurity,
  response: {
    200: successResponse(objectOf({ events: { type: 'array', items: eventSchema } })),
    ...errorResponses,
  },
} as const;

export const createEventSchema = {
  tags: ['events'],
  summary: 'Announce a campus event (verified users)',
  security: bearerSecurity,
  consumes: ['multipart/form-data', 'application/json'],
  body: {
    content: { 'multipart/form-data': { schema: formDoc(true) }, 'application/json': { schema: jsonBody } },
  },
  response: eventAnswer(201),
} as const;

export const updateEventSchema = {
  tags: ['events'],
  summary: 'Edit my event (organizer only)',
  security: bearerSecurity,
  consumes: ['multipart/form-data', 'application/json'],
  params: idParams,
  body: {
    content: { 'multipart/form-data': { schema: formDoc(false) }, 'application/json': { schema: jsonBody } },
  },
  response: eventAnswer(200),
} as const;

export const deleteEventSchema = {
  tags: ['events'],
  summary: 'Delete an event and its cover (the organizer, or an admin)',
  security: bearerSecurity,
  params: idParams,
  response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses },
} as const;
