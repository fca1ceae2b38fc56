import { describe, expect, it } from 'vitest';
import { auditDiff, auditEntryLines, localizeValue } from './audit-diff';

describe('auditDiff', () => {
  it('lists only the changed fields of an object, by dotted path', () => {
    expect(auditDiff({ status: 'new', replyNote: null, meta: { by: 1, at: 'x' } }, { status: 'closed', replyNote: null, meta: { by: 2, at: 'x' } })).toEqual([
      { path: 'status', before: 'new', after: 'closed' },
      { path: 'meta.by', before: '1', after: '2' },
    ]);
  });

  it('shows what a list of plain values lost and gained', () => {
    expect(auditDiff({ SchoolTeacher: ['dashboard.view', 'schedules.manage'] }, { SchoolTeacher: ['dashboard.view', 'reports.view'] })).toEqual([
      { path: 'SchoolTeacher', before: '− schedules.manage', after: '+ reports.view' },
    ]);
  });

  it('handles a missing side and whole values', () => {
    expect(auditDiff(null, { marks: 4 })).toEqual([{ path: 'marks', before: null, after: '4' }]);
    expect(auditDiff(2, 4)).toEqual([{ path: '', before: '2', after: '4' }]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff({ classes: [{ classId: 1, sectionId: null }] }, { classes: [] })).toEqual([
      { path: 'classes', before: '[{"classId":1,"sectionId":null}]', after: '' },
    ]);
  });

  it('keeps every figure of a regrade, changed or not, and only the changes of other actions', () => {
    const before = { version: 1, attempts: 12, scoreTotal: 340 };
    const after = { version: 2, attempts: 12, scoreTotal: 352 };
    expect(auditEntryLines({ action: 'grading.regrade', before, after })).toEqual([
      { path: 'version', before: '1', after: '2' },
      { path: 'attempts', before: '12', after: '12', unchanged: true },
      { path: 'scoreTotal', before: '340', after: '352' },
    ]);
    expect(auditEntryLines({ action: 'students.update', before, after }).map((line) => line.path)).toEqual(['version', 'scoreTotal']);
    expect(auditEntryLines({ action: 'auth.createLoginLink', before: null, after: { expiresAt: 'x', courseId: null } })).toEqual([{ path: 'expiresAt', before: null, after: 'x' }]);
  });

  it('writes instants in the reader’s locale and leaves other values alone', () => {
    expect(localizeValue('2026-11-25T10:00:00.000Z', 'en-IN')).toBe(new Date('2026-11-25T10:00:00.000Z').toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' }));
    expect(localizeValue('2026-11-25', 'en-IN')).toBe('2026-11-25');
    expect(localizeValue('42', 'en-IN')).toBe('42');
  });
});
