import { isStudentRole, SCHEDULES_ERRORS, type Permission } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { courseOpenTo, ownerAdmitsInstitute, testOpenTo, testOwnerOf, type ContentOwner, type CourseMappingsOfInstitute } from '../../lib/content-reach.js';
import type { StudentTestWindow } from '@app/contracts';
import { canManageTarget } from './schedules.policy.js';
import type { SchedulesRepository, StudentPlace, TargetInfo } from './schedules.repository.js';
import { mostSpecificOpening, tightestWindow, windowView, type EffectiveWindow } from './schedules.student.js';

export interface SchedulesServiceDeps {
  repo: SchedulesRepository;
  clock: Clock;
}

export const notFound = () => new AppError(SCHEDULES_ERRORS.SCHEDULES_NOT_FOUND);
export const targetNotFound = () => new AppError(SCHEDULES_ERRORS.SCHEDULES_TARGET_NOT_FOUND);
export const courseNotFound = () => new AppError(SCHEDULES_ERRORS.SCHEDULES_COURSE_NOT_FOUND);
export const duplicate = () => new AppError(SCHEDULES_ERRORS.SCHEDULES_DUPLICATE);
export const placeOf = (actor: Actor): StudentPlace => ({ instituteId: actor.instituteId, classId: actor.classId, sectionId: actor.sectionId });

export const targetView = (t: Pick<TargetInfo, 'instituteName' | 'className' | 'sectionName'>, row: { instituteId: number; classId: number | null; sectionId: number | null }) => ({
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

export const courseOfTest = (test: Omit<TestReachRef, 'id'>) => ({ id: test.courseId, clientId: test.courseClientId, instituteId: test.courseInstituteId });
const START_FACTS_ENTRIES = 5000;

/**
 * What the schedules service's operation files share: the rows the actor may manage, the
 * windows at a place, the facts a start checks (kept a second, dropped by any schedule written
 * here) and what an account may see and take.
 */
export function createSchedulesContext(deps: SchedulesServiceDeps) {
  const { repo } = deps;

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

  /** Per scheduled task (absent when its institute does not schedule it): the place's window, null when none is for it. */
  async function windowsAtPlace(place: StudentPlace, taskIds: number[]): Promise<Map<number, EffectiveWindow | null>> {
    const result = new Map<number, EffectiveWindow | null>();
    if (taskIds.length === 0) return result;
    const [scheduled, rows] = await Promise.all([repo.scheduledTaskIds(place.instituteId, taskIds), repo.testWindowsFor(place, taskIds)]);
    for (const taskId of scheduled) result.set(taskId, tightestWindow(rows.filter((r) => r.row.taskId === taskId).map((r) => r.row)));
    return result;
  }

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

  return { deps, reachableInstituteIds, managedTarget, managedRow, visibleRows, windowsAtPlace, startFacts, scheduleChanged, contentReach, studentWindows, windowsAt, admitsTest };
}
export type SchedulesContext = ReturnType<typeof createSchedulesContext>;
