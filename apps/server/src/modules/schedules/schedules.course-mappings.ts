import type { CourseMapping, CreateCourseMappingBodySchema } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { ownerAdmitsInstitute, reachesOwner } from '../../lib/content-reach.js';
import { courseNotFound, duplicate, targetView, type SchedulesContext } from './schedules.context.js';

/** Which courses an institute (a class, a section) is given. */
export function createCourseMappings(ctx: SchedulesContext) {
  const { repo } = ctx.deps;
  return {
    async listCourseMappings(actor: Actor): Promise<CourseMapping[]> {
      const rows = ctx.visibleRows(actor, 'academy.mapCourses', await repo.listCourseMappings(await ctx.reachableInstituteIds(actor)));
      return rows.map((r) => ({ id: r.row.id, courseId: r.row.courseId, courseName: r.courseName, ...targetView(r, r.row) }));
    },

    async createCourseMapping(actor: Actor, body: z.output<typeof CreateCourseMappingBodySchema>): Promise<CourseMapping> {
      const target = await ctx.managedTarget(actor, 'academy.mapCourses', body);
      const course = await repo.getCourse(body.courseId);
      // An institute's own course is mapped within that institute only; a shared one within its client.
      if (!course || !reachesOwner(actor, course) || !ownerAdmitsInstitute(course, target)) throw courseNotFound();
      const row = await repo.insertCourseMapping(actor, { courseId: course.id, instituteId: target.instituteId, classId: body.classId ?? null, sectionId: body.sectionId ?? null });
      if (!row) throw duplicate();
      return { id: row.id, courseId: course.id, courseName: course.name, ...targetView(target, row) };
    },

    async deleteCourseMapping(actor: Actor, body: { id: number }) {
      const { row } = await ctx.managedRow(actor, 'academy.mapCourses', await repo.getCourseMapping(body.id));
      await repo.deleteCourseMapping(actor, row);
      return { id: row.id };
    },
  };
}
