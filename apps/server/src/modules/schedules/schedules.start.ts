import { EXAM_ERRORS, isStudentRole, SCHEDULES_ERRORS } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { testOpenTo } from '../../lib/content-reach.js';
import { courseOfTest, placeOf, type SchedulesContext, type TestReachRef } from './schedules.context.js';
import { mostSpecificOpening, startVerdict, type EffectiveWindow } from './schedules.student.js';

/** The shift (test window) a start falls in; null when the test is not scheduled for the student. */
export interface StartShift {
  shiftId: number | null;
}

/** A test window (its schedule row) and who it is for: an institute, narrowed to a class and a section. */
export interface DueWindow {
  id: number;
  taskId: number;
  opensAt: Date;
  clientId: string;
  instituteId: number;
  classId: number | null;
  sectionId: number | null;
}

/** What a start asks: may the account take the test, is its topic open, is it in its window and which shift. */
export function createStartChecks(ctx: SchedulesContext) {
  const { repo, clock } = ctx.deps;

  /** Per topic: when it opens for the student, for topics still locked at now. */
  async function lockedTopics(actor: Actor, topicIds: number[]): Promise<Map<number, Date>> {
    const result = new Map<number, Date>();
    if (!isStudentRole(actor.role) || topicIds.length === 0) return result;
    const rows = await repo.topicOpeningsFor(placeOf(actor), topicIds);
    const now = clock.now();
    for (const topicId of new Set(rows.map((r) => r.row.topicId))) {
      const opening = mostSpecificOpening(rows.filter((r) => r.row.topicId === topicId).map((r) => r.row));
      if (opening && opening.opensAt > now) result.set(topicId, opening.opensAt);
    }
    return result;
  }

  /** Per task: the window that applies to the student, or null when the test is scheduled in the institute for others only. Unscheduled tasks are absent. */
  async function windowsFor(actor: Actor, taskIds: number[]): Promise<Map<number, EffectiveWindow | null>> {
    if (!isStudentRole(actor.role)) return new Map();
    return ctx.windowsAtPlace(placeOf(actor), taskIds);
  }

  return {
    /** Whether the account may take the test (the owner rule, and a student's mappings); windows are the start's. */
    async reachesTest(actor: Actor, test: TestReachRef): Promise<boolean> {
      if (!isStudentRole(actor.role) || actor.instituteId === null) return testOpenTo(actor, test, courseOfTest(test), null);
      const facts = await ctx.startFacts(placeOf(actor), { id: test.id, topicId: -1 });
      return testOpenTo(actor, test, courseOfTest(test), facts.mappings);
    },

    lockedTopics,
    windowsFor,
    windowsAtPlace: ctx.windowsAtPlace,

    /**
     * Refuses a new attempt outside the student's window or in a locked topic (server-enforced).
     * What it reads (the topic's opening and the test's window at the student's place) is shared
     * by the starts of one wave at the same place for a second (decision 035); a schedule change
     * made through this service is seen at once, one made in another process within a second.
     * Answers the shift the start falls in (decision 066). `at` asks for a start at another
     * instant than now (the preparation of attempts asks at the window's opening; decision 078).
     */
    async assertCanStart(actor: Actor, task: TestReachRef & { topicId: number }, at?: Date): Promise<StartShift> {
      if (!isStudentRole(actor.role)) {
        if (!testOpenTo(actor, task, courseOfTest(task), null)) throw new AppError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
        return { shiftId: null };
      }
      const facts = await ctx.startFacts(placeOf(actor), task);
      // Another institute's test, or a course this student's institute does not give them, does not exist for them.
      if (!testOpenTo(actor, task, courseOfTest(task), actor.instituteId === null ? null : facts.mappings)) throw new AppError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
      const now = at ?? clock.now();
      if (facts.opensAt && facts.opensAt > now) throw new AppError(SCHEDULES_ERRORS.SCHEDULES_TOPIC_LOCKED);
      if (!facts.scheduled) return { shiftId: null };
      const window = facts.window;
      if (!window) throw new AppError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
      const verdict = startVerdict(window, now);
      if (verdict === 'notOpenYet') throw new AppError(EXAM_ERRORS.EXAM_NOT_OPEN_YET);
      if (verdict === 'closed') throw new AppError(EXAM_ERRORS.EXAM_WINDOW_CLOSED);
      if (verdict === 'latePassed') throw new AppError(EXAM_ERRORS.EXAM_LATE_START_PASSED);
      return { shiftId: window.shiftId };
    },

    /**
     * Test windows opening within the coming `aheadMs` or open and still taking starts, for the
     * preparation of attempts ahead of them (decision 078).
     */
    async windowsDue(aheadMs: number): Promise<DueWindow[]> {
      const now = clock.now();
      const rows = await repo.windowsDue(now, new Date(now.getTime() + aheadMs));
      return rows.map(({ row, clientId }) => ({ id: row.id, taskId: row.taskId, opensAt: row.opensAt, clientId, instituteId: row.instituteId, classId: row.classId, sectionId: row.sectionId }));
    },
  };
}
