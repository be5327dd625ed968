/**
 * Schemas of the dashboard routes (issue 5).
 */
import { bearerSecurity, errorResponses, objectOf, successResponse } from '../common/schemas.ts';

const count = { type: 'integer', minimum: 0 } as const;

export const summarySchema = {
  tags: ['dashboard'],
  summary: 'Counts of my products (available / sold), services and events, and the views of my listings',
  security: bearerSecurity,
  response: {
    200: successResponse(
      objectOf({
        summary: objectOf({
          products: count,
          productsAvailable: count,
          productsSold: count,
          services: count,
          events: count,
          upcomingEvents: count,
          views: count,
        }),
      }),
    ),
    ...errorResponses,
  },
} as const;
