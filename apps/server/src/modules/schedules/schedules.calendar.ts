import type { CalendarEvent, MySchedule, StudentTestWindow } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { teachesStudent } from '../../lib/policy.js';
import { placeOf, type SchedulesContext } from './schedules.context.js';
import type { StudentPlace } from './schedules.repository.js';
import { mostSpecificOpening } from './schedules.student.js';

/** The notification panel lists tests that are open now or open within this time. */
export const UPCOMING_TEST_MS = 24 * 60 * 60_000;

/** The windows and openings as people see them: the calendar, the bell, the staff dashboard, the parents' home and a student's schedule. */
export function createScheduleViews(ctx: SchedulesContext) {
  const { repo, clock } = ctx.deps;
  return {
    /** Calendar provider: the student's scheduled tests as read-only entries, read from the schedule. */
    async calendarEntries(actor: Actor, range: { from: Date; to: Date }): Promise<CalendarEvent[]> {
      const windows = await ctx.studentWindows(actor);
      return windows
        .filter((w) => Date.parse(w.opensAt) < range.to.getTime() && Date.parse(w.closesAt) > range.from.getTime())
        .map((w) => ({
          key: `test:${w.taskId}`,
          id: w.taskId,
          title: w.taskName,
          description: w.courseName,
          start: w.opensAt,
          end: w.closesAt,
          allDay: false,
          color: null,
          source: 'test' as const,
          readOnly: true,
          route: `/test/test/${w.courseId}/${w.taskId}`,
        }));
    },

    /**
     * Test windows of the institutes a staff member reaches that overlap [from, to): those for the
     * whole institute, and for classes (sections) they teach. For the staff dashboard; no permission
     * of the schedule screens is needed to see them.
     */
    async windowsForStaff(actor: Actor, range: { from: Date; to: Date }) {
      const rows = await repo.listTestSchedules(await ctx.reachableInstituteIds(actor));
      return rows
        .filter((r) => r.clientId === actor.clientId && r.row.opensAt < range.to && r.row.closesAt > range.from)
        .filter((r) => actor.role === 'ClientAdmin' || actor.instituteId === r.row.instituteId)
        .filter((r) => r.row.classId === null || actor.classes.length === 0 || teachesStudent(actor, { classId: r.row.classId, sectionId: r.row.sectionId }) || (r.row.sectionId === null && actor.classes.some((c) => c.classId === r.row.classId)))
        .map((r) => ({ row: r.row, taskName: r.taskName, courseName: r.courseName, instituteName: r.instituteName, className: r.className, sectionName: r.sectionName }));
    },

    /** Scheduled tests not yet closed for a student's place (the parents' home; the caller checks access). */
    async openTestsAt(place: StudentPlace): Promise<StudentTestWindow[]> {
      const now = clock.now().getTime();
      return (await ctx.windowsAt(place)).filter((w) => Date.parse(w.closesAt) > now);
    },

    /** The bell: scheduled tests open now or opening within 24 hours. */
    async upcomingTests(actor: Actor): Promise<StudentTestWindow[]> {
      const now = clock.now().getTime();
      return (await ctx.studentWindows(actor)).filter((w) => Date.parse(w.closesAt) > now && Date.parse(w.opensAt) <= now + UPCOMING_TEST_MS);
    },

    async mySchedule(actor: Actor): Promise<MySchedule> {
      const reach = await ctx.contentReach(actor);
      const now = clock.now();
      const rows = (await repo.topicOpeningsFor(placeOf(actor))).filter((r) => reach.course({ id: r.courseId, clientId: r.courseClientId, instituteId: r.courseInstituteId }));
      const topics: MySchedule['topics'] = [];
      for (const topicId of new Set(rows.map((r) => r.row.topicId))) {
        const mine = rows.filter((r) => r.row.topicId === topicId);
        const opening = mostSpecificOpening(mine.map((r) => r.row))!;
        const first = mine[0]!;
        topics.push({ courseId: first.courseId, courseName: first.courseName, topicId, topicName: first.topicName, opensAt: opening.opensAt.toISOString(), isOpen: opening.opensAt <= now });
      }
      topics.sort((a, b) => a.opensAt.localeCompare(b.opensAt));
      const tests = (await ctx.studentWindows(actor)).filter((w) => Date.parse(w.closesAt) > now.getTime());
      return { topics, tests };
    },
  };
}
