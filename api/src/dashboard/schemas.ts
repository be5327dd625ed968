/**
 * Schemas of the dashboard routes (issue 5).
 */
import { errorResponses } from '../common/schemas.ts';

const count = { type: 'integer', minimum: 0 } as const;

export const summarySchema = {
  tags: ['dashboard'],
  summary: 'Counts of my products (available / sold), services and events, and the views of my listings',
  security: [{ bearerAuth: [] }],
  response: {
    200: {
      type: 'object',
      required: ['status', 'data'],
      properties: {
        status: { type: 'string', const: 'success' },
        data: {
          type: 'object',
          required: ['summary'],
          properties: {
            summary: {
              type: 'object',
              required: [
                'products',
                'productsAvailable',
                'productsSold',
                'services',
                'events',
                'upcomingEvents',
                'views',
              ],
              properties: {
                products: count,
                productsAvailable: count,
                productsSold: count,
                services: count,
                events: count,
                upcomingEvents: count,
                views: count,
              },
            },
          },
        },
      },
    },
    ...errorResponses,
  },
} as const;
