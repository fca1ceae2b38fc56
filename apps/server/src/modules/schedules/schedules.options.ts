import { type Permission, type ScheduleOptions, type ScheduleScreen, type TestAudience } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { forbidden } from '../../lib/errors.js';
import { reachesOwner, testOwnerOf } from '../../lib/content-reach.js';
import { hasPermission, teachesStudent } from '../../lib/policy.js';
import type { SchedulesContext } from './schedules.context.js';
import { windowView } from './schedules.student.js';

const SCREEN_PERMISSION: Record<ScheduleScreen, Permission> = {
  courseMapping: 'academy.mapCourses',
  testSchedule: 'schedules.manage',
  courseSchedule: 'schedules.courses',
  omrUpload: 'omr.upload',
};

/** What the staff screens choose from: the courses, tests and places the caller reaches, and a test's audience. */
export function createScheduleOptions(ctx: SchedulesContext) {
  const { repo } = ctx.deps;
  return {
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

    /**
     * Who can take a test, for the staff test screens: each institute the caller reaches that may be
     * given it, with its windows there (none: every student of that institute, at any time).
     */
    async testAudience(actor: Actor, taskId: number): Promise<TestAudience | null> {
      const task = await repo.getTestTask(taskId);
      if (!task) return null;
      const filter = actor.role === 'ClientAdmin' ? { clientId: actor.clientId } : actor.instituteId === null ? null : { instituteId: actor.instituteId };
      const places = (filter ? await repo.listInstitutes(filter) : []).filter((i) => i.clientId === actor.clientId && ctx.admitsTest(task, { clientId: i.clientId, instituteId: i.id }));
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
  };
}
