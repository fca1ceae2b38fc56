import {
  SUPPORT_ERRORS,
  type CreateSupportMessageBody,
  type Language,
  type ListInboxQuery,
  type SupportCategory,
  type SupportList,
  type SupportMessage,
  type SupportStatus,
  type UpdateSupportMessageBody,
} from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { canHandleMessage, inboxScopeOf } from './support.policy.js';
import type { SupportRepository } from './support.repository.js';
import { supportMail } from './support.mail.js';

/** How many of their own messages a sender sees. */
const OWN_MESSAGES_SHOWN = 100;

export interface SupportServiceDeps {
  repo: SupportRepository;
  clock: Clock;
  mailer: Mailer;
  log?: (text: string, error?: unknown) => void;
}

type Row = NonNullable<Awaited<ReturnType<SupportRepository['get']>>>;

function toView({ message, ...sender }: Row): SupportMessage {
  return {
    id: message.id,
    subject: message.subject,
    message: message.message,
    category: message.category as SupportCategory,
    status: message.status as SupportStatus,
    replyNote: message.replyNote,
    createdAt: message.createdAt.toISOString(),
    updatedAt: message.updatedAt.toISOString(),
    senderUserId: message.senderUserId,
    senderName: sender.username === null ? null : [sender.firstName, sender.lastName].filter(Boolean).join(' ').trim() || sender.username,
    senderRole: sender.role,
    instituteName: sender.instituteName,
  };
}

/**
 * Contact Us: staff and institution accounts write to their institute's administrators (stored,
 * and mailed to each administrator in their language); administrators answer from an inbox.
 */
export function createSupportService(deps: SupportServiceDeps) {
  const { repo, clock, mailer } = deps;
  const log = deps.log ?? (() => undefined);

  return {
    async create(actor: Actor, input: CreateSupportMessageBody): Promise<SupportMessage> {
      const now = clock.now();
      const inserted = await repo.insert({
        clientId: actor.clientId,
        instituteId: actor.instituteId,
        senderUserId: actor.userId,
        category: input.category,
        subject: input.subject,
        message: input.message,
        status: 'new',
        createdAt: now,
        updatedAt: now,
      });
      const row = (await repo.get(inserted.id))!;
      const view = toView(row);
      // The message is kept whatever the mail does; a failed mail is logged, not the sender's problem.
      for (const recipient of await repo.listRecipients(actor.clientId, actor.instituteId)) {
        if (!recipient.email) continue;
        const language: Language = recipient.language === 'tn' ? 'tn' : 'en';
        try {
          await mailer.send(supportMail(recipient.email, language, { sender: view.senderName ?? actor.username, category: input.category, subject: input.subject, message: input.message }));
        } catch (error) {
          log('contact message mail failed', error);
        }
      }
      return view;
    },

    async listMine(actor: Actor): Promise<SupportList> {
      const rows = await repo.listBySender(actor.userId, OWN_MESSAGES_SHOWN);
      return { items: rows.map(toView), total: rows.length };
    },

    async listInbox(actor: Actor, query: Omit<ListInboxQuery, 'page' | 'pageSize'> & { page: number; pageSize: number }): Promise<SupportList> {
      const scope = inboxScopeOf(actor);
      if (!scope) return { items: [], total: 0 };
      const { rows, total } = await repo.listInbox(scope, query.status, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize });
      return { items: rows.map(toView), total };
    },

    /** Sets a message's status and reply note; a message outside the admin's inbox is not found. */
    async update(actor: Actor, input: UpdateSupportMessageBody): Promise<SupportMessage> {
      const id = Number(input.id);
      const row = await repo.get(id);
      if (!row || !canHandleMessage(actor, row.message)) throw new AppError(SUPPORT_ERRORS.SUPPORT_MESSAGE_NOT_FOUND);
      const replyNote = input.replyNote === undefined ? row.message.replyNote : input.replyNote || null;
      await repo.update(id, { status: input.status, replyNote, handledByUserId: actor.userId, updatedAt: clock.now() }, (tx) =>
        recordAudit(tx, actor, {
          action: 'support.update',
          targetType: 'supportMessage',
          targetId: id,
          targetUserId: row.message.senderUserId,
          instituteId: row.message.instituteId,
          before: { status: row.message.status, replyNote: row.message.replyNote },
          after: { status: input.status, replyNote },
        }),
      );
      return toView((await repo.get(id))!);
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
