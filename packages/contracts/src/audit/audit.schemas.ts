import { z } from 'zod';
import { idField, msg } from '../common/validation.js';

/** The audit log (admins): staff changes to other users' data, newest first. */

export const AUDIT_PAGE_SIZE_MAX = 100;

const dayOrTimeField = z.iso.datetime({ offset: true, ...msg('dateTimeInvalid') });

export const ListAuditQuerySchema = z
  .object({
    /** An action (`roles.saveConfig`) or a domain prefix (`roles`). */
    action: z.string().trim().max(100, msg('valueOutOfRange')).optional(),
    actorUserId: idField.optional(),
    targetUserId: idField.optional(),
    from: dayOrTimeField.optional(),
    to: dayOrTimeField.optional(),
    page: z.coerce.number(msg('valueOutOfRange')).int(msg('valueOutOfRange')).min(1, msg('valueOutOfRange')).max(100_000, msg('valueOutOfRange')).default(1),
    pageSize: z.coerce
      .number(msg('valueOutOfRange'))
      .int(msg('valueOutOfRange'))
      .min(1, msg('valueOutOfRange'))
      .max(AUDIT_PAGE_SIZE_MAX, msg('valueOutOfRange'))
      .default(25),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { ...msg('dateRangeInvalid'), path: ['to'] });
export type ListAuditQuery = z.input<typeof ListAuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  action: z.string(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string(),
  targetUserId: z.number().int().nullable(),
  targetName: z.string().nullable(),
  instituteId: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;

export const AuditListSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The actions in the caller's scope, for the filter. */
  actions: z.array(z.string()),
  /** The people who made changes in the caller's scope, for the filter. */
  actors: z.array(z.object({ userId: z.number().int(), displayName: z.string() })),
  /** The users whose data was changed in the caller's scope, for the filter. */
  targets: z.array(z.object({ userId: z.number().int(), displayName: z.string() })),
});
export type AuditList = z.infer<typeof AuditListSchema>;
