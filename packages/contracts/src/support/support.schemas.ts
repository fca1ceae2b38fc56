import { z } from 'zod';
import { idField, msg } from '../common/validation.js';

/** Contact Us: messages from staff and institution accounts to their institute's administrators. */

export const SUPPORT_CATEGORIES = ['question', 'technical', 'account', 'content', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_STATUSES = ['new', 'inProgress', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_REPLY_MAX = 2000;

export const CreateSupportMessageBodySchema = z.object({
  subject: z.string(msg('subjectRequired')).trim().min(1, msg('subjectRequired')).max(SUPPORT_SUBJECT_MAX, msg('subjectTooLong')),
  message: z.string(msg('messageRequired')).trim().min(1, msg('messageRequired')).max(SUPPORT_MESSAGE_MAX, msg('messageTooLong')),
  category: z.enum(SUPPORT_CATEGORIES, msg('categoryInvalid')),
});
export type CreateSupportMessageBody = z.input<typeof CreateSupportMessageBodySchema>;

export const SupportMessageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  status: z.enum(SUPPORT_STATUSES),
  replyNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  senderUserId: z.number().int().nullable(),
  senderName: z.string().nullable(),
  senderRole: z.string().nullable(),
  instituteName: z.string().nullable(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const ListInboxQuerySchema = z.object({
  status: z.enum(SUPPORT_STATUSES, msg('supportStatusInvalid')).optional(),
  page: z.coerce.number(msg('valueOutOfRange')).int(msg('valueOutOfRange')).min(1, msg('valueOutOfRange')).max(100_000, msg('valueOutOfRange')).default(1),
  pageSize: z.coerce.number(msg('valueOutOfRange')).int(msg('valueOutOfRange')).min(1, msg('valueOutOfRange')).max(100, msg('valueOutOfRange')).default(25),
});
export type ListInboxQuery = z.input<typeof ListInboxQuerySchema>;

export const SupportListSchema = z.object({ items: z.array(SupportMessageSchema), total: z.number().int() });
export type SupportList = z.infer<typeof SupportListSchema>;

export const UpdateSupportMessageBodySchema = z.object({
  id: idField,
  status: z.enum(SUPPORT_STATUSES, msg('supportStatusInvalid')),
  replyNote: z.string().trim().max(SUPPORT_REPLY_MAX, msg('replyNoteTooLong')).nullable().optional(),
});
export type UpdateSupportMessageBody = z.input<typeof UpdateSupportMessageBodySchema>;
