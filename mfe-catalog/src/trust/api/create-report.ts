import { apiClient } from '@campus/shared';
import type { REPORT_DETAILS_MAX as CONTRACT_DETAILS_MAX, InputOf } from '@campus/shared/contract';

/** What can be reported and why (docs/product.md §19.1): the body of `POST /reports`. */
export type ReportInput = InputOf<'POST /reports'>['body'];

/** What can be reported (docs/product.md §19.1). */
export type ReportTargetType = ReportInput['targetType'];

/** The fixed reasons (docs/product.md §19.1), in the order the dialog offers them. */
export const REPORT_REASONS = [
  { value: 'scam', label: 'Scam or fraud' },
  { value: 'prohibited', label: 'Prohibited item' },
  { value: 'spam', label: 'Spam (wrong category or duplicate)' },
  { value: 'offensive', label: 'Offensive content' },
  { value: 'sold', label: 'No longer available' },
  { value: 'other', label: 'Something else' },
] as const satisfies readonly { value: ReportInput['reason']; label: string }[];

export type ReportReason = ReportInput['reason'];

/** Longest report details, characters: the contract's limit, typed from it (a type-only import; the API refuses more). */
export const REPORT_DETAILS_MAX: typeof CONTRACT_DETAILS_MAX = 500;

/**
 * POST /api/v1/reports (docs/product.md §19): reports a listing or user. Repeating a report answers the same
 * one. Errors are left to the caller (no redirects): it shows the server's message.
 * @returns the message to show ("Thanks — our moderators will review this.")
 */
export async function createReport(input: ReportInput): Promise<string> {
  const answer = await apiClient.call('POST /reports', { body: input, redirectOnError: false });
  return answer.data.message;
}
