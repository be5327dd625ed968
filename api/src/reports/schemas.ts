/**
 * Request and response schemas of the reports routes (docs/product.md §19.1).
 */
import {
  bearerSecurity,
  dateTime,
  errorResponses,
  nullableString,
  objectOf,
  successResponse,
} from '../common/schemas.ts';
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_TARGET_TYPES } from './service.ts';

/** A report (`ReportJson`). */
export const reportSchema = objectOf({
  _id: { type: 'string', format: 'uuid' },
  targetType: { type: 'string', enum: [...REPORT_TARGET_TYPES] },
  targetId: { type: 'string', format: 'uuid' },
  reason: { type: 'string', enum: [...REPORT_REASONS] },
  details: nullableString,
  status: { type: 'string', enum: ['open', 'closed'] },
  createdAt: dateTime,
});

const reportAnswer = successResponse(objectOf({ report: reportSchema, message: { type: 'string' } }));

export const createReportSchema = {
  tags: ['reports'],
  summary: 'Report a product, service, shop or user to the moderators',
  description:
    "Signed-in, verified users. One open report per reporter and target: repeating it answers 200 with the same report. Not one's own listing or account (403). Unknown target 404. A listing is hidden from the public pending review when its open reports weigh 3: reports of verified accounts at least 72 hours old count 1 (1.5 after an upheld report), once per network, never from a reporter with a dismissed report, a flagged report ring, or one already heard on this listing.",
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['targetType', 'targetId', 'reason'],
    additionalProperties: false,
    properties: {
      targetType: { type: 'string', enum: [...REPORT_TARGET_TYPES] },
      targetId: { type: 'string', maxLength: 100, description: 'UUID of the product, service, shop or user' },
      reason: {
        type: 'string',
        enum: [...REPORT_REASONS],
        description:
          'scam; prohibited (see the Terms, "Prohibited items"); spam (wrong category, duplicates); offensive; sold (no longer available); other',
      },
      details: { type: 'string', maxLength: REPORT_DETAILS_MAX },
    },
  },
  response: { 200: reportAnswer, 201: reportAnswer, ...errorResponses },
} as const;
