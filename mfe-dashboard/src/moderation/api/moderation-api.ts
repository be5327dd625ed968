/**
 * Calls of the moderation desk (docs/product.md §19.3; admins only): GET /admin/reports, dismiss,
 * hide / restore a product, service or shop, suspend / unsuspend a user, GET /admin/audit.
 */
import { apiClient } from '@campus/shared';
import type {
  AuditPage,
  ReportGroupsPage,
  ReportRings,
  SafetyFlag,
  ReportTargetType as TargetType,
} from '@campus/shared/contract';

// The desk's answers are the API's own response schemas' types (`@campus/shared/contract`):
// ReportGroup = one reported target with its reports (GET /admin/reports), AuditEntry = one
// audit entry (GET /admin/audit), TargetType = what a report is about.
export type {
  AuditJson as AuditEntry,
  AuditPage,
  ReportGroupJson as ReportGroup,
  ReportGroupsPage,
  ReportRings,
  ReportTargetType as TargetType,
  SafetyFlag,
} from '@campus/shared/contract';

/** `GET /admin/reports?status=&page=`. */
export async function getReportGroups(status: 'open' | 'closed', page: number): Promise<ReportGroupsPage> {
  const answer = await apiClient.call('GET /admin/reports', { query: { status, page } });
  return answer.data;
}

/** One open report-ring flag on the desk (ADR 0028). */
export type ReportRing = ReportRings['rings'][number];

/** `GET /admin/report-rings`: the open report-ring flags (ADR 0028). */
export async function getReportRings(): Promise<ReportRing[]> {
  const answer = await apiClient.call('GET /admin/report-rings');
  return answer.data.rings;
}

/** `POST /admin/report-rings/:id/dismiss`: the group is not a ring; its reports count again. */
export async function dismissReportRing(id: string): Promise<void> {
  await apiClient.call('POST /admin/report-rings/:id/dismiss', { params: { id }, ...quiet });
}

/** `GET /admin/audit?page=`. */
export async function getAudit(page: number): Promise<AuditPage> {
  const answer = await apiClient.call('GET /admin/audit', { query: { page } });
  return answer.data;
}

// Actions: errors stay on the desk (no redirect), which shows the server's message.
const quiet = { redirectOnError: false } as const;

/** `POST /admin/reports/:id/dismiss`. */
export async function dismissReport(id: string): Promise<void> {
  await apiClient.call('POST /admin/reports/:id/dismiss', { params: { id }, ...quiet });
}

/** `POST /admin/{products|services|shops}/:id/hide {reason}`. */
export async function hideListing(
  type: Exclude<TargetType, 'user'>,
  id: string,
  reason: string,
): Promise<void> {
  const options = { params: { id }, body: { reason }, ...quiet };
  if (type === 'product') await apiClient.call('POST /admin/products/:id/hide', options);
  else if (type === 'service') await apiClient.call('POST /admin/services/:id/hide', options);
  else await apiClient.call('POST /admin/shops/:id/hide', options);
}

/** `POST /admin/{products|services|shops}/:id/restore`. */
export async function restoreListing(type: Exclude<TargetType, 'user'>, id: string): Promise<void> {
  const options = { params: { id }, body: {}, ...quiet };
  if (type === 'product') await apiClient.call('POST /admin/products/:id/restore', options);
  else if (type === 'service') await apiClient.call('POST /admin/services/:id/restore', options);
  else await apiClient.call('POST /admin/shops/:id/restore', options);
}

/** `POST /admin/users/:id/suspend {reason}`. */
export async function suspendUser(id: string, reason: string): Promise<void> {
  await apiClient.call('POST /admin/users/:id/suspend', { params: { id }, body: { reason }, ...quiet });
}

/** `POST /admin/users/:id/unsuspend`. */
export async function unsuspendUser(id: string): Promise<void> {
  await apiClient.call('POST /admin/users/:id/unsuspend', { params: { id }, body: {}, ...quiet });
}

/** `GET /admin/safety-signals`: listings flagged by scam signals (still public), newest first (docs/product.md §29). */
export async function getSafetyFlags(): Promise<SafetyFlag[]> {
  const answer = await apiClient.call('GET /admin/safety-signals', quiet);
  return answer.data.flags;
}
