/**
 * Route-level docs of the dashboard routes (docs/product.md §15, §20.7). The answers are the
 * entries of the table of endpoints (`@campus/shared/contract`, docs/decisions/0038).
 */
import { bearerSecurity, errorResponses } from '../common/schemas.ts';

export const summarySchema = {
  tags: ['dashboard'],
  summary: 'Counts of my products (available / sold), services and events, and the views of my listings',
  security: bearerSecurity,
  response: errorResponses,
};

export const insightsSchema = {
  tags: ['dashboard'],
  summary:
    'Views, chat clicks and saves of each of my listings, totals, and the last 30 days (Africa/Nairobi)',
  description:
    'views: all-time counter; chatClicks: all-time, once per visitor per listing per day; saves: users who saved it now; daily: last 30 days, oldest first, zero-filled. Counts of other API processes show after their next flush (ENGAGEMENT_FLUSH_MS).',
  security: bearerSecurity,
  response: errorResponses,
};

export type { DashboardSummary } from '@campus/shared/contract';
