import { describe, expect, it } from 'vitest';
import { auditQueryOf, EMPTY_AUDIT_FILTERS } from './audit-filters';

describe('auditQueryOf', () => {
  it('sends only the filters that are set, with a one-based page', () => {
    expect(auditQueryOf(EMPTY_AUDIT_FILTERS, 0, 25)).toEqual({ page: 1, pageSize: 25 });
    expect(auditQueryOf({ ...EMPTY_AUDIT_FILTERS, action: 'roles.saveConfig', actorUserId: '7', targetUserId: ' 12 ' }, 2, 10)).toEqual({
      page: 3,
      pageSize: 10,
      action: 'roles.saveConfig',
      actorUserId: 7,
      targetUserId: 12,
    });
  });

  it('turns days into a range that includes the whole last day, and ignores a bad id', () => {
    const query = auditQueryOf({ ...EMPTY_AUDIT_FILTERS, from: '2026-05-01', to: '2026-05-01', targetUserId: 'abc' }, 0, 25);
    expect(query.targetUserId).toBeUndefined();
    expect(new Date(query.to!).getTime() - new Date(query.from!).getTime()).toBe(24 * 3600 * 1000 - 1);
  });
});
