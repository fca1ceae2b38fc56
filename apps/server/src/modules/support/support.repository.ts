import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { instituteDirectory, languageDirectory, supportMessages, userDirectory } from '../../db/schema/index.js';
import type { InboxScope } from './support.policy.js';

export type SupportRow = typeof supportMessages.$inferSelect;

export function createSupportRepository(db: Db) {
  const withSender = () =>
    db
      .select({
        message: supportMessages,
        firstName: userDirectory.firstName,
        lastName: userDirectory.lastName,
        username: userDirectory.username,
        role: userDirectory.role,
        instituteName: instituteDirectory.name,
      })
      .from(supportMessages)
      .leftJoin(userDirectory, eq(userDirectory.id, supportMessages.senderUserId))
      .leftJoin(instituteDirectory, eq(instituteDirectory.id, supportMessages.instituteId));

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
        instituteId === null ? undefined : and(eq(userDirectory.role, 'InstituteAdmin'), eq(userDirectory.instituteId, instituteId));
      return db
        .select({ email: userDirectory.email, language: languageDirectory.code })
        .from(userDirectory)
        .leftJoin(languageDirectory, eq(languageDirectory.id, userDirectory.languageId))
        .where(and(eq(userDirectory.clientId, clientId), eq(userDirectory.isActive, true), or(eq(userDirectory.role, 'ClientAdmin'), instituteAdmins)));
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
