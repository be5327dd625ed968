/**
 * Calls of the moderation desk (issue 12 item 3; admins only): GET /admin/reports, dismiss,
 * hide / restore a product, service or shop, suspend / unsuspend a user, GET /admin/audit.
 */
import { apiClient } from '@campus/shared';

export type TargetType = 'product' | 'service' | 'shop' | 'user';

/** One reported target with its reports (GET /admin/reports). */
export interface ReportGroup {
  targetType: TargetType;
  targetId: string;
  /** Listing title or user name; null when the target was deleted. */
  title: string | null;
  /** Public page of the target, or null. */
  link: string | null;
  owner: { _id: string; name: string; email: string; suspended: boolean } | null;
  moderation: 'visible' | 'held' | 'hidden';
  moderationReason: string | null;
  count: number;
  reasons: string[];
  lastReportedAt: string;
  reports: {
    _id: string;
    reason: string;
    details: string | null;
    resolution: string | null;
    createdAt: string;
    reporter: { _id: string; name: string; email: string };
  }[];
}

export interface ReportGroupsPage {
  groups: ReportGroup[];
  totalPages: number;
  totalGroups: number;
  currentPage: number;
}

/** One audit entry (GET /admin/audit). */
export interface AuditEntry {
  _id: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  createdAt: string;
  /** null for the automatic hold. */
  actor: { _id: string; name: string; email: string } | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  totalPages: number;
  totalEntries: number;
  currentPage: number;
}

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
