import { apiClient } from '@campus/shared';

/** What can be reported (docs/product.md §19.1). */
export type ReportTargetType = 'product' | 'service' | 'shop' | 'user';

/** The fixed reasons (docs/product.md §19.1), in the order the dialog offers them. */
export const REPORT_REASONS = [
  { value: 'scam', label: 'Scam or fraud' },
  { value: 'prohibited', label: 'Prohibited item' },
  { value: 'spam', label: 'Spam (wrong category or duplicate)' },
  { value: 'offensive', label: 'Offensive content' },
  { value: 'sold', label: 'No longer available' },
  { value: 'other', label: 'Something else' },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

/** Longest report details, characters (the API refuses more). */
export const REPORT_DETAILS_MAX = 500;

/**
 * POST /api/v1/reports (docs/product.md §19): reports a listing or user. Repeating a report answers the same
 * one. Errors are left to the caller (no redirects): it shows the server's message.
 * @returns the message to show ("Thanks — our moderators will review this.")
 */
export async function createReport(input: {
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  details?: string;
}): Promise<string> {
  const response = await apiClient.post<{ data: { message: string } }>('/reports', input, {
    redirectOnError: false,
  });
  return response.data.data.message;
}
