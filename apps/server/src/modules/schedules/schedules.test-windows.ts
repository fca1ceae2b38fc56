import type { CreateTestScheduleBodySchema, TestSchedule, UpdateTestScheduleBodySchema } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { reachesOwner, testOwnerOf } from '../../lib/content-reach.js';
import { courseNotFound, duplicate, targetView, type SchedulesContext } from './schedules.context.js';
import { windowView } from './schedules.student.js';

/** When a test may be taken at a place: its window, with a late-start limit. */
export function createTestWindows(ctx: SchedulesContext) {
  const { repo } = ctx.deps;
  return {
    async listTestSchedules(actor: Actor): Promise<TestSchedule[]> {
      const rows = ctx.visibleRows(actor, 'schedules.manage', await repo.listTestSchedules(await ctx.reachableInstituteIds(actor)));
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
      const target = await ctx.managedTarget(actor, 'schedules.manage', body);
      const task = await repo.getTestTask(body.taskId);
      if (!task || task.kind !== 'test' || !reachesOwner(actor, testOwnerOf(task)) || !ctx.admitsTest(task, target)) throw courseNotFound();
      const row = await repo.insertTestSchedule(actor, {
        taskId: task.id,
        instituteId: target.instituteId,
        classId: body.classId ?? null,
        sectionId: body.sectionId ?? null,
        opensAt: new Date(body.opensAt),
        closesAt: new Date(body.closesAt),
        lateStartUntil: body.lateStartUntil ? new Date(body.lateStartUntil) : null,
      });
      ctx.scheduleChanged();
      if (!row) throw duplicate();
      return { id: row.id, taskId: task.id, taskName: task.name, courseId: task.courseId, courseName: task.courseName, ...targetView(target, row), ...windowView(row) };
    },

    async updateTestSchedule(actor: Actor, body: z.output<typeof UpdateTestScheduleBodySchema>): Promise<TestSchedule> {
      const { row, target } = await ctx.managedRow(actor, 'schedules.manage', await repo.getTestSchedule(body.id));
      const task = (await repo.getTestTask(row.taskId))!;
      const updated = await repo.updateTestSchedule(actor, row, {
        opensAt: new Date(body.opensAt),
        closesAt: new Date(body.closesAt),
        lateStartUntil: body.lateStartUntil ? new Date(body.lateStartUntil) : null,
      });
      ctx.scheduleChanged();
      return { id: row.id, taskId: task.id, taskName: task.name, courseId: task.courseId, courseName: task.courseName, ...targetView(target, row), ...windowView(updated) };
    },

    async deleteTestSchedule(actor: Actor, body: { id: number }) {
      const { row } = await ctx.managedRow(actor, 'schedules.manage', await repo.getTestSchedule(body.id));
      await repo.deleteTestSchedule(actor, row);
      ctx.scheduleChanged();
      return { id: row.id };
    },
  };
}
