/**
 * Schemas of the dashboard routes (issue 5).
 */
import { dashboardSummarySchema } from '@campus/shared/contract';
import { bearerSecurity, errorResponses, objectOf, successResponse } from '../common/schemas.ts';

export const summarySchema = {
  tags: ['dashboard'],
  summary: 'Counts of my products (available / sold), services and events, and the views of my listings',
  security: bearerSecurity,
  response: {
    200: successResponse(
      objectOf({
        summary: dashboardSummarySchema,
      }),
    ),
    ...errorResponses,
  },
} as const;

export type { DashboardSummary } from '@campus/shared/contract';
