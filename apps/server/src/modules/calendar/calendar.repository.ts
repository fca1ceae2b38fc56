import { and, asc, eq, gt, gte, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarEvents } from '../../db/schema/index.js';

export type CalendarEventRow = typeof calendarEvents.$inferSelect;
export interface CalendarEventValues {
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
  color: string | null;
}

export function createCalendarRepository(db: Db) {
  const mine = (ownerId: number, id: number) => and(eq(calendarEvents.ownerId, ownerId), eq(calendarEvents.id, id));
  return {
    /** Events overlapping [from, to); a zero-length event counts when it lies inside. */
    async listOverlapping(ownerId: number, from: Date, to: Date): Promise<CalendarEventRow[]> {
      return db
        .select()
        .from(calendarEvents)
        .where(
          and(
            eq(calendarEvents.ownerId, ownerId),
            lt(calendarEvents.startsAt, to),
            or(gt(calendarEvents.endsAt, from), gte(calendarEvents.startsAt, from)),
          ),
        )
        .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id));
    },

    async findOwned(ownerId: number, id: number): Promise<CalendarEventRow | undefined> {
      const [row] = await db.select().from(calendarEvents).where(mine(ownerId, id)).limit(1);
      return row;
    },

    async create(ownerId: number, values: CalendarEventValues, now: Date): Promise<CalendarEventRow> {
      const [row] = await db
        .insert(calendarEvents)
        .values({ ...values, ownerId, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    async update(ownerId: number, id: number, patch: Partial<CalendarEventValues>, now: Date): Promise<CalendarEventRow | undefined> {
      const [row] = await db
        .update(calendarEvents)
        .set({ ...patch, updatedAt: now })
        .where(mine(ownerId, id))
        .returning();
      return row;
    },

    async delete(ownerId: number, id: number): Promise<boolean> {
      const rows = await db.delete(calendarEvents).where(mine(ownerId, id)).returning({ id: calendarEvents.id });
      return rows.length > 0;
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
