/**
 * Calls of the moderation desk (docs/product.md §19.3; admins only): GET /admin/reports, dismiss,
 * hide / restore a product, service or shop, suspend / unsuspend a user, GET /admin/audit.
 */
import { apiClient } from '@campus/shared';
import type {
  AuditPage,
  ReportGroupsPage,
  ReportRings,
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
} from '@campus/shared/contract';

const LISTING_SEGMENT: Record<Exclude<TargetType, 'user'>, string> = {
  product: 'products',
  service: 'services',
  shop: 'shops',
};

/** `GET /admin/reports?status=&page=`. */
export async function getReportGroups(status: 'open' | 'closed', page: number): Promise<ReportGroupsPage> {
  const { data } = await apiClient.get<{ data: ReportGroupsPage }>('/admin/reports', {
    params: { status, page },
  });
  return data.data;
}

/** One open report-ring flag on the desk (ADR 0028). */
export type ReportRing = ReportRings['rings'][number];

/** `GET /admin/report-rings`: the open report-ring flags (ADR 0028). */
export async function getReportRings(): Promise<ReportRing[]> {
  const { data } = await apiClient.get<{ data: ReportRings }>('/admin/report-rings');
  return data.data.rings;
}

/** `POST /admin/report-rings/:id/dismiss`: the group is not a ring; its reports count again. */
export async function dismissReportRing(id: string): Promise<void> {
  await apiClient.post(`/admin/report-rings/${id}/dismiss`, {}, quiet);
}

/** `GET /admin/audit?page=`. */
export async function getAudit(page: number): Promise<AuditPage> {
  const { data } = await apiClient.get<{ data: AuditPage }>('/admin/audit', { params: { page } });
  return data.data;
}

// Actions: errors stay on the desk (no redirect), which shows the server's message.
const quiet = { redirectOnError: false } as const;

/** `POST /admin/reports/:id/dismiss`. */
export async function dismissReport(id: string): Promise<void> {
  await apiClient.post(`/admin/reports/${id}/dismiss`, {}, quiet);
}

/** `POST /admin/{products|services|shops}/:id/hide {reason}`. */
export async function hideListing(
  type: Exclude<TargetType, 'user'>,
  id: string,
  reason: string,
): Promise<void> {
  await apiClient.post(`/admin/${LISTING_SEGMENT[type]}/${id}/hide`, { reason }, quiet);
}

/** `POST /admin/{products|services|shops}/:id/restore`. */
export async function restoreListing(type: Exclude<TargetType, 'user'>, id: string): Promise<void> {
  await apiClient.post(`/admin/${LISTING_SEGMENT[type]}/${id}/restore`, {}, quiet);
}

/** `POST /admin/users/:id/suspend {reason}`. */
export async function suspendUser(id: string, reason: string): Promise<void> {
  await apiClient.post(`/admin/users/${id}/suspend`, { reason }, quiet);
}

/** `POST /admin/users/:id/unsuspend`. */
export async function unsuspendUser(id: string): Promise<void> {
  await apiClient.post(`/admin/users/${id}/unsuspend`, {}, quiet);
}
