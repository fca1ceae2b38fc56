import {
  EXAM_ERRORS,
  isStudentRole,
  SCHEDULES_ERRORS,
  type CalendarEvent,
  type CourseMapping,
  type CreateCourseMappingBodySchema,
  type CreateTestScheduleBodySchema,
  type CreateTopicOpeningBodySchema,
  type MySchedule,
  type Permission,
  type ScheduleOptions,
  type ScheduleScreen,
  type StudentTestWindow,
  type TestAudience,
  type TestSchedule,
  type TopicOpening,
  type UpdateTestScheduleBodySchema,
  type UpdateTopicOpeningBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { courseOpenTo, ownerAdmitsInstitute, reachesOwner, testOpenTo, testOwnerOf, type ContentOwner, type CourseMappingsOfInstitute } from '../../lib/content-reach.js';
import { hasPermission, teachesStudent } from '../../lib/policy.js';
import { canManageTarget } from './schedules.policy.js';
import type { SchedulesRepository, StudentPlace, TargetInfo } from './schedules.repository.js';
import { mostSpecificOpening, startVerdict, tightestWindow, windowView, type EffectiveWindow } from './schedules.student.js';

export interface SchedulesServiceDeps {
  repo: SchedulesRepository;
  clock: Clock;
}

const SCREEN_PERMISSION: Record<ScheduleScreen, Permission> = {
  courseMapping: 'academy.mapCourses',
  testSchedule: 'schedules.manage',
  courseSchedule: 'schedules.courses',
  omrUpload: 'omr.upload',
};
/** The notification panel lists tests that are open now or open within this time. */
export const UPCOMING_TEST_MS = 24 * 60 * 60_000;

const notFound = () => new AppError(SCHEDULES_ERRORS.SCHEDULES_NOT_FOUND);
const targetNotFound = () => new AppError(SCHEDULES_ERRORS.SCHEDULES_TARGET_NOT_FOUND);
const courseNotFound = () => new AppError(SCHEDULES_ERRORS.SCHEDULES_COURSE_NOT_FOUND);
const duplicate = () => new AppError(SCHEDULES_ERRORS.SCHEDULES_DUPLICATE);
const placeOf = (actor: Actor): StudentPlace => ({ instituteId: actor.instituteId, classId: actor.classId, sectionId: actor.sectionId });

const targetView = (t: Pick<TargetInfo, 'instituteName' | 'className' | 'sectionName'>, row: { instituteId: number; classId: number | null; sectionId: number | null }) => ({
  instituteId: row.instituteId,
  instituteName: t.instituteName,
  classId: row.classId,
  className: row.classId === null ? null : t.className,
  sectionId: row.sectionId,
  sectionName: row.sectionId === null ? null : t.sectionName,
});

/** The schedule facts of a start at one place: the topic's opening, and the test's window when it is scheduled there. */
interface StartFacts {
  mappings: CourseMappingsOfInstitute;
  opensAt: Date | null;
  scheduled: boolean;
  window: EffectiveWindow | null;
}
const START_FACTS_MS = 1000;

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

/** A test with its owner and its course's owner. */
export interface TestReachRef {
  id: number;
  courseId: number;
  ownerClientId: string;
  ownerInstituteId: number | null;
  courseClientId: string;
  courseInstituteId: number | null;
}

/** The one answer to "may this account see this course, take this test" (windows apart). */
export interface ContentReach {
  course: (course: ContentOwner & { id: number }) => boolean;
  test: (test: Omit<TestReachRef, 'id'>) => boolean;
}

const courseOfTest = (test: Omit<TestReachRef, 'id'>) => ({ id: test.courseId, clientId: test.courseClientId, instituteId: test.courseInstituteId });
const START_FACTS_ENTRIES = 5000;

export function createSchedulesService(deps: SchedulesServiceDeps) {
  const { repo, clock } = deps;

  /** The institutes whose rows the actor may list (each row is still checked by the policy). */
  async function reachableInstituteIds(actor: Actor): Promise<number[]> {
    if (actor.role === 'ClientAdmin') return (await repo.listInstitutes({ clientId: actor.clientId })).map((i) => i.id);
    return actor.instituteId === null ? [] : [actor.instituteId];
  }

  /** The target if it exists and the actor may manage it; otherwise 404. */
  async function managedTarget(actor: Actor, permission: Permission, input: { instituteId: number; classId?: number | null; sectionId?: number | null }): Promise<TargetInfo> {
    const target = await repo.findTarget(input.instituteId, input.classId ?? null, input.sectionId ?? null);
    if (!target || !canManageTarget(actor, permission, target)) throw targetNotFound();
    return target;
  }

  /** A stored row's target, checked like a new one; anything out of reach is "not found". */
  async function managedRow<R extends { instituteId: number; classId: number | null; sectionId: number | null }>(actor: Actor, permission: Permission, row: R | undefined) {
    if (!row) throw notFound();
    const target = await repo.findTarget(row.instituteId, row.classId, row.sectionId);
    if (!target || !canManageTarget(actor, permission, target)) throw notFound();
    return { row, target };
  }

  function visibleRows<T extends { clientId: string; row: { instituteId: number; classId: number | null; sectionId: number | null } }>(actor: Actor, permission: Permission, rows: T[]): T[] {
    return rows.filter((r) => canManageTarget(actor, permission, { clientId: r.clientId, ...r.row }));
  }

  // ── What applies to a student ──

  /** Per task: the window that applies to the student, or null when the test is scheduled in the institute for others only. Unscheduled tasks are absent. */
  async function windowsFor(actor: Actor, taskIds: number[]): Promise<Map<number, EffectiveWindow | null>> {
    if (!isStudentRole(actor.role)) return new Map();
    return windowsAtPlace(placeOf(actor), taskIds);
  }

  /** Per scheduled task (absent when its institute does not schedule it): the place's window, null when none is for it. */
  async function windowsAtPlace(place: StudentPlace, taskIds: number[]): Promise<Map<number, EffectiveWindow | null>> {
    const result = new Map<number, EffectiveWindow | null>();
    if (taskIds.length === 0) return result;
    const [scheduled, rows] = await Promise.all([repo.scheduledTaskIds(place.instituteId, taskIds), repo.testWindowsFor(place, taskIds)]);
    for (const taskId of scheduled) result.set(taskId, tightestWindow(rows.filter((r) => r.row.taskId === taskId).map((r) => r.row)));
    return result;
  }

  /** Per topic: when it opens for the student, for topics still locked at now. */
  /** What a start checks, by place, task and topic, for START_FACTS_MS of real time. */
  const startFactsByKey = new Map<string, { until: number; facts: Promise<StartFacts> }>();
  function startFacts(place: StudentPlace, task: { id: number; topicId: number }): Promise<StartFacts> {
    const key = `${place.instituteId}|${place.classId}|${place.sectionId}|${task.id}|${task.topicId}`;
    const at = performance.now();
    const known = startFactsByKey.get(key);
    if (known && known.until > at) return known.facts;
    const facts = (async (): Promise<StartFacts> => {
      const [mappings, openings, windows] = await Promise.all([repo.courseAccess(place), repo.topicOpeningsFor(place, [task.topicId]), windowsAtPlace(place, [task.id])]);
      const opening = mostSpecificOpening(openings.filter((r) => r.row.topicId === task.topicId).map((r) => r.row));
      return { mappings, opensAt: opening?.opensAt ?? null, scheduled: windows.has(task.id), window: windows.get(task.id) ?? null };
    })();
    facts.catch(() => startFactsByKey.delete(key));
    startFactsByKey.delete(key);
    if (startFactsByKey.size >= START_FACTS_ENTRIES) startFactsByKey.delete(startFactsByKey.keys().next().value!);
    startFactsByKey.set(key, { until: at + START_FACTS_MS, facts });
    return facts;
  }
  /** A schedule written here: starts read it again. */
  const scheduleChanged = () => startFactsByKey.clear();

  /**
   * What an account may see and take (decision 038): the owner rule of lib/content-reach.ts, and for
   * a student of an institute that institute's course mappings (another institute's never narrow them).
   */
  async function contentReach(actor: Actor): Promise<ContentReach> {
    const mappings = isStudentRole(actor.role) && actor.instituteId !== null ? await repo.courseAccess(placeOf(actor)) : null;
    return {
      course: (course) => courseOpenTo(actor, course, mappings),
      test: (test) => testOpenTo(actor, test, courseOfTest(test), mappings),
    };
  }

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

  /** The student's windows for every scheduled test, with names. */
  async function studentWindows(actor: Actor): Promise<StudentTestWindow[]> {
    if (!isStudentRole(actor.role)) return [];
    const reach = await contentReach(actor);
    return windowsAt(placeOf(actor), (row) => reach.test(row));
  }

  async function windowsAt(place: StudentPlace, reaches: (test: Omit<TestReachRef, 'id'>) => boolean = () => true): Promise<StudentTestWindow[]> {
    const rows = (await repo.testWindowsFor(place)).filter((r) => reaches({ ...r, courseId: r.courseId }));
    const out: StudentTestWindow[] = [];
    for (const taskId of new Set(rows.map((r) => r.row.taskId))) {
      const mine = rows.filter((r) => r.row.taskId === taskId);
      const window = tightestWindow(mine.map((r) => r.row));
      const first = mine[0]!;
      if (!window || !first.isPublished) continue;
      out.push({ taskId, taskName: first.taskName, courseId: first.courseId, courseName: first.courseName, ...windowView(window) });
    }
    return out.sort((a, b) => a.opensAt.localeCompare(b.opensAt));
  }

  /** A test may be given to an institute's students when it and its course are the client's shared ones or that institute's own. */
  const admitsTest = (task: Omit<TestReachRef, 'id'>, target: { clientId: string; instituteId: number }) =>
    ownerAdmitsInstitute(testOwnerOf(task), target) && ownerAdmitsInstitute(courseOfTest(task), target);

  return {
    // ── Staff screens ──

    async options(actor: Actor, query: { screen: ScheduleScreen }): Promise<ScheduleOptions> {
      const permission = SCREEN_PERMISSION[query.screen];
      if (!hasPermission(actor, permission)) throw forbidden();
      const filter = actor.role === 'ClientAdmin' ? { clientId: actor.clientId } : actor.instituteId === null ? null : { instituteId: actor.instituteId };
      const institutes = filter ? await repo.listInstitutes(filter) : [];
      // Only what the caller reaches: the client's shared courses and tests and their own institute's.
      const courses = (await repo.listCourseContent())
        .filter((course) => reachesOwner(actor, course))
        .map(({ clientId: _c, instituteId: _i, ...course }) => ({
          ...course,
          tests: course.tests.filter((test) => reachesOwner(actor, testOwnerOf(test))).map(({ id, name, topicId }) => ({ id, name, topicId })),
        }));
      return {
        courses,
        institutes: institutes
          .filter((i) => i.clientId === actor.clientId)
          .map((i) => ({
            id: i.id,
            name: i.name,
            // A teacher with assigned classes sees those classes (and, when a section is assigned, that section).
            classes: i.classes
              .map((c) => ({ ...c, sections: c.sections.filter((s) => teachesStudent(actor, { classId: c.id, sectionId: s.id })) }))
              .filter((c) => actor.classes.length === 0 || actor.classes.some((a) => a.classId === c.id)),
          })),
      };
    },

    async listCourseMappings(actor: Actor): Promise<CourseMapping[]> {
      const rows = visibleRows(actor, 'academy.mapCourses', await repo.listCourseMappings(await reachableInstituteIds(actor)));
      return rows.map((r) => ({ id: r.row.id, courseId: r.row.courseId, courseName: r.courseName, ...targetView(r, r.row) }));
    },

    async createCourseMapping(actor: Actor, body: z.output<typeof CreateCourseMappingBodySchema>): Promise<CourseMapping> {
      const target = await managedTarget(actor, 'academy.mapCourses', body);
      const course = await repo.getCourse(body.courseId);
      // An institute's own course is mapped within that institute only; a shared one within its client.
      if (!course || !reachesOwner(actor, course) || !ownerAdmitsInstitute(course, target)) throw courseNotFound();
      const row = await repo.insertCourseMapping(actor, { courseId: course.id, instituteId: target.instituteId, classId: body.classId ?? null, sectionId: body.sectionId ?? null });
      if (!row) throw duplicate();
      return { id: row.id, courseId: course.id, courseName: course.name, ...targetView(target, row) };
    },

    async deleteCourseMapping(actor: Actor, body: { id: number }) {
      const { row } = await managedRow(actor, 'academy.mapCourses', await repo.getCourseMapping(body.id));
      await repo.deleteCourseMapping(actor, row);
      return { id: row.id };
    },

    async listTestSchedules(actor: Actor): Promise<TestSchedule[]> {
      const rows = visibleRows(actor, 'schedules.manage', await repo.listTestSchedules(await reachableInstituteIds(actor)));
      return rows.map((r) => ({
        id: r.row.id,
        taskId: r.row.taskId,
        taskName: r.taskName,
        courseId: r.courseId,
        courseName: r.courseName,
        ...targetView(r, r.row),
        opensAt: r.row.opensAt.toISOString(),
        closesAt: r.row.closesAt.toISOString(),
        lateStartUntil: r.row.lateStartUntil?.toISOString() ?? null,
      }));
    },

    async createTestSchedule(actor: Actor, body: z.output<typeof CreateTestScheduleBodySchema>): Promise<TestSchedule> {
      const target = await managedTarget(actor, 'schedules.manage', body);
      const task = await repo.getTestTask(body.taskId);
      if (!task || task.kind !== 'test' || !reachesOwner(actor, testOwnerOf(task)) || !admitsTest(task, target)) throw courseNotFound();
      const row = await repo.insertTestSchedule(actor, {
        taskId: task.id,
        instituteId: target.instituteId,
        classId: body.classId ?? null,
        sectionId: body.sectionId ?? null,
        opensAt: new Date(body.opensAt),
        closesAt: new Date(body.closesAt),
        lateStartUntil: body.lateStartUntil ? new Date(body.lateStartUntil) : null,
      });
      scheduleChanged();
      if (!row) throw duplicate();
      return { id: row.id, taskId: task.id, taskName: task.name, courseId: task.courseId, courseName: task.courseName, ...targetView(target, row), ...windowView(row) };
    },

    async updateTestSchedule(actor: Actor, body: z.output<typeof UpdateTestScheduleBodySchema>): Promise<TestSchedule> {
      const { row, target } = await managedRow(actor, 'schedules.manage', await repo.getTestSchedule(body.id));
      const task = (await repo.getTestTask(row.taskId))!;
      const updated = await repo.updateTestSchedule(actor, row, {
        opensAt: new Date(body.opensAt),
        closesAt: new Date(body.closesAt),
        lateStartUntil: body.lateStartUntil ? new Date(body.lateStartUntil) : null,
      });
      scheduleChanged();
      return { id: row.id, taskId: task.id, taskName: task.name, courseId: task.courseId, courseName: task.courseName, ...targetView(target, row), ...windowView(updated) };
    },

    async deleteTestSchedule(actor: Actor, body: { id: number }) {
      const { row } = await managedRow(actor, 'schedules.manage', await repo.getTestSchedule(body.id));
      await repo.deleteTestSchedule(actor, row);
      scheduleChanged();
      return { id: row.id };
    },

    async listTopicOpenings(actor: Actor): Promise<TopicOpening[]> {
      const rows = visibleRows(actor, 'schedules.courses', await repo.listTopicOpenings(await reachableInstituteIds(actor)));
      return rows.map((r) => ({
        id: r.row.id,
        topicId: r.row.topicId,
        topicName: r.topicName,
        courseId: r.courseId,
        courseName: r.courseName,
        ...targetView(r, r.row),
        opensAt: r.row.opensAt.toISOString(),
      }));
    },

    async createTopicOpening(actor: Actor, body: z.output<typeof CreateTopicOpeningBodySchema>): Promise<TopicOpening> {
      const target = await managedTarget(actor, 'schedules.courses', body);
      const topic = await repo.getTopic(body.topicId);
      const owner = topic && { clientId: topic.courseClientId, instituteId: topic.courseInstituteId };
      if (!owner || !reachesOwner(actor, owner) || !ownerAdmitsInstitute(owner, target)) throw courseNotFound();
      const row = await repo.insertTopicOpening(actor, {
        topicId: topic.id,
        instituteId: target.instituteId,
        classId: body.classId ?? null,
        sectionId: body.sectionId ?? null,
        opensAt: new Date(body.opensAt),
      });
      scheduleChanged();
      if (!row) throw duplicate();
      return { id: row.id, topicId: topic.id, topicName: topic.name, courseId: topic.courseId, courseName: topic.courseName, ...targetView(target, row), opensAt: row.opensAt.toISOString() };
    },

    async updateTopicOpening(actor: Actor, body: z.output<typeof UpdateTopicOpeningBodySchema>): Promise<TopicOpening> {
      const { row, target } = await managedRow(actor, 'schedules.courses', await repo.getTopicOpening(body.id));
      const topic = (await repo.getTopic(row.topicId))!;
      const updated = await repo.updateTopicOpening(actor, row, new Date(body.opensAt));
      scheduleChanged();
      return { id: row.id, topicId: topic.id, topicName: topic.name, courseId: topic.courseId, courseName: topic.courseName, ...targetView(target, row), opensAt: updated.opensAt.toISOString() };
    },

    async deleteTopicOpening(actor: Actor, body: { id: number }) {
      const { row } = await managedRow(actor, 'schedules.courses', await repo.getTopicOpening(body.id));
      await repo.deleteTopicOpening(actor, row);
      scheduleChanged();
      return { id: row.id };
    },

    // ── The student's side (asked by the academy, the exam, the calendar and the bell) ──

    contentReach,

    /**
     * Who can take a test, for the staff test screens: each institute the caller reaches that may be
     * given it, with its windows there (none: every student of that institute, at any time).
     */
    async testAudience(actor: Actor, taskId: number): Promise<TestAudience | null> {
      const task = await repo.getTestTask(taskId);
      if (!task) return null;
      const filter = actor.role === 'ClientAdmin' ? { clientId: actor.clientId } : actor.instituteId === null ? null : { instituteId: actor.instituteId };
      const places = (filter ? await repo.listInstitutes(filter) : []).filter((i) => i.clientId === actor.clientId && admitsTest(task, { clientId: i.clientId, instituteId: i.id }));
      const rows = (await repo.listTestSchedules(places.map((p) => p.id))).filter((r) => r.row.taskId === task.id);
      return {
        sharedWithClient: task.ownerInstituteId === null,
        institutes: places.map((place) => ({
          instituteName: place.name,
          windows: rows
            .filter((r) => r.row.instituteId === place.id)
            .map((r) => ({ className: r.row.classId === null ? null : r.className, sectionName: r.row.sectionId === null ? null : r.sectionName, ...windowView(r.row) })),
        })),
        otherInstitutes: task.ownerInstituteId === null && actor.role !== 'ClientAdmin',
      };
    },

    /** Whether the account may take the test (the owner rule, and a student's mappings); windows are the start's. */
    async reachesTest(actor: Actor, test: TestReachRef): Promise<boolean> {
      if (!isStudentRole(actor.role) || actor.instituteId === null) return testOpenTo(actor, test, courseOfTest(test), null);
      const facts = await startFacts(placeOf(actor), { id: test.id, topicId: -1 });
      return testOpenTo(actor, test, courseOfTest(test), facts.mappings);
    },

    lockedTopics,
    windowsFor,
    windowsAtPlace,

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
      const facts = await startFacts(placeOf(actor), task);
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

    /** Calendar provider: the student's scheduled tests as read-only entries, read from the schedule. */
    async calendarEntries(actor: Actor, range: { from: Date; to: Date }): Promise<CalendarEvent[]> {
      const windows = await studentWindows(actor);
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
      const rows = await repo.listTestSchedules(await reachableInstituteIds(actor));
      return rows
        .filter((r) => r.clientId === actor.clientId && r.row.opensAt < range.to && r.row.closesAt > range.from)
        .filter((r) => actor.role === 'ClientAdmin' || actor.instituteId === r.row.instituteId)
        .filter((r) => r.row.classId === null || actor.classes.length === 0 || teachesStudent(actor, { classId: r.row.classId, sectionId: r.row.sectionId }) || (r.row.sectionId === null && actor.classes.some((c) => c.classId === r.row.classId)))
        .map((r) => ({ row: r.row, taskName: r.taskName, courseName: r.courseName, instituteName: r.instituteName, className: r.className, sectionName: r.sectionName }));
    },

    /** Scheduled tests not yet closed for a student's place (the parents' home; the caller checks access). */
    async openTestsAt(place: StudentPlace): Promise<StudentTestWindow[]> {
      const now = clock.now().getTime();
      return (await windowsAt(place)).filter((w) => Date.parse(w.closesAt) > now);
    },

    /** The bell: scheduled tests open now or opening within 24 hours. */
    async upcomingTests(actor: Actor): Promise<StudentTestWindow[]> {
      const now = clock.now().getTime();
      return (await studentWindows(actor)).filter((w) => Date.parse(w.closesAt) > now && Date.parse(w.opensAt) <= now + UPCOMING_TEST_MS);
    },

    async mySchedule(actor: Actor): Promise<MySchedule> {
      const reach = await contentReach(actor);
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
      const tests = (await studentWindows(actor)).filter((w) => Date.parse(w.closesAt) > now.getTime());
      return { topics, tests };
    },
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;
