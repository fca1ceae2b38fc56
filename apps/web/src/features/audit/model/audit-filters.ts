import type { ListAuditQuery } from '@app/contracts';

/** The filter form's values, as the inputs hold them ('' when unset). */
export interface AuditFilterValues {
  action: string;
  actorUserId: string;
  targetUserId: string;
  /** yyyy-mm-dd, local days. */
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterValues = { action: '', actorUserId: '', targetUserId: '', from: '', to: '' };

const dayStart = (day: string) => new Date(`${day}T00:00:00`);

/** The list call's query: whole local days, the "to" day included; a bad or unset value is left out. */
export function auditQueryOf(filters: AuditFilterValues, page: number, pageSize: number): ListAuditQuery {
  const query: ListAuditQuery = { page: page + 1, pageSize };
  if (filters.action) query.action = filters.action;
  if (/^\d+$/.test(filters.actorUserId)) query.actorUserId = Number(filters.actorUserId);
  if (/^\d+$/.test(filters.targetUserId.trim())) query.targetUserId = Number(filters.targetUserId.trim());
  if (filters.from && !Number.isNaN(dayStart(filters.from).getTime())) query.from = dayStart(filters.from).toISOString();
  if (filters.to && !Number.isNaN(dayStart(filters.to).getTime())) {
    const end = dayStart(filters.to);
    end.setDate(end.getDate() + 1);
    query.to = new Date(end.getTime() - 1).toISOString();
  }
  return query;
}
