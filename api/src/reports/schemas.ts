/**
 * Route-level docs of the reports route (docs/product.md §19.1); its body and answer (the report)
 * are the table of endpoints' (`@campus/shared/contract`, docs/decisions/0038).
 */
import { reportAnswerSchema } from '@campus/shared/contract';
import { bearerSecurity, errorResponses } from '../common/schemas.ts';

export const createReportSchema = {
  tags: ['reports'],
  summary: 'Report a product, service, shop or user to the moderators',
  description:
    "Signed-in, verified users. One open report per reporter and target: repeating it answers 200 with the same report. Not one's own listing or account (403). Unknown target 404. A listing is hidden from the public pending review when its open reports weigh 3: reports of verified accounts at least 72 hours old count 1 (1.5 after an upheld report), once per network, never from a reporter with a dismissed report, a flagged report ring, or one already heard on this listing.",
  security: bearerSecurity,
  // 201 (a new report) is the table's; 200 answers a repeated one.
  response: { 200: reportAnswerSchema, ...errorResponses },
} as const;
