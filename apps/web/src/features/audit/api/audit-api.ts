import { auditClientRoutes, type AuditList, type ListAuditQuery } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: ListAuditQuery) => [...auditKeys.all, 'list', query] as const,
};

export const listAudit = (query: ListAuditQuery): Promise<AuditList> => callApi(auditClientRoutes.list, { query });

/** One page of the audit log; the previous page stays on screen while the next loads. */
export function useAuditLog(query: ListAuditQuery) {
  return useQuery({ queryKey: auditKeys.list(query), queryFn: () => listAudit(query), placeholderData: keepPreviousData });
}
