import type { AuditEntry } from '../../../lib/audit.js';

/** The audit entry of publishing or unpublishing a test, from any screen. */
export function testPublishAudit(task: { id: number; name: string; isPublished: boolean; ownerInstituteId: number | null }, isPublished: boolean): AuditEntry {
  return {
    action: isPublished ? 'academy.publishTest' : 'academy.unpublishTest',
    targetType: 'task',
    targetId: task.id,
    instituteId: task.ownerInstituteId,
    before: { name: task.name, isPublished: task.isPublished },
    after: { name: task.name, isPublished },
  };
}
