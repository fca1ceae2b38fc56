import type { ListInboxQuery } from '@app/contracts';

export const supportKeys = {
  all: ['support'] as const,
  mine: () => [...supportKeys.all, 'mine'] as const,
  inbox: (query: ListInboxQuery) => [...supportKeys.all, 'inbox', query] as const,
};
/** An inbox update is audited; the audit log's cache is refreshed by key. */
export const AUDIT_QUERY_ROOT = ['audit'] as const;
