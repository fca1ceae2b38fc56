import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { institutes, languages, supportMessages, users } from '../../db/schema/index.js';
import type { InboxScope } from './support.policy.js';

export type SupportRow = typeof supportMessages.$inferSelect;

export function createSupportRepository(db: Db) {
  const withSender = () =>
    db
      .select({
        message: supportMessages,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        role: users.role,
        instituteName: institutes.name,
      })
      .from(supportMessages)
      .leftJoin(users, eq(users.id, supportMessages.senderUserId))
      .leftJoin(institutes, eq(institutes.id, supportMessages.instituteId));

  return {
    async insert(values: typeof supportMessages.$inferInsert): Promise<SupportRow> {
      const [row] = await db.insert(supportMessages).values(values).returning();
      return row!;
    },

    async get(id: number) {
      const [row] = await withSender().where(eq(supportMessages.id, id)).limit(1);
      return row;
    },

    async listBySender(userId: number, limit: number) {
      return withSender().where(eq(supportMessages.senderUserId, userId)).orderBy(desc(supportMessages.createdAt), desc(supportMessages.id)).limit(limit);
    },

    async listInbox(scope: InboxScope, status: string | undefined, page: { offset: number; limit: number }) {
      const where = and(
        eq(supportMessages.clientId, scope.clientId),
        scope.instituteId === null ? undefined : eq(supportMessages.instituteId, scope.instituteId),
        status ? eq(supportMessages.status, status) : undefined,
      );
      const rows = await withSender().where(where).orderBy(desc(supportMessages.createdAt), desc(supportMessages.id)).limit(page.limit).offset(page.offset);
      const [total] = await db.select({ n: count() }).from(supportMessages).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Changes status and reply note and runs `alongside` (the audit entry) in the same transaction. */
    async update(id: number, changes: Pick<SupportRow, 'status' | 'replyNote' | 'handledByUserId' | 'updatedAt'>, alongside: (tx: Db) => Promise<void>) {
      await db.transaction(async (tx) => {
        await tx.update(supportMessages).set(changes).where(eq(supportMessages.id, id));
        await alongside(tx as unknown as Db);
      });
    },

    /** Active administrators who read the institute's messages, with an address and their language. */
    async listRecipients(clientId: string, instituteId: number | null) {
      const instituteAdmins: SQL | undefined =
        instituteId === null ? undefined : and(eq(users.role, 'InstituteAdmin'), eq(users.instituteId, instituteId));
      return db
        .select({ email: users.email, language: languages.code })
        .from(users)
        .leftJoin(languages, eq(languages.id, users.languageId))
        .where(and(eq(users.clientId, clientId), eq(users.isActive, true), or(eq(users.role, 'ClientAdmin'), instituteAdmins)));
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
