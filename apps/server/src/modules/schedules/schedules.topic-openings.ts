import type { CreateTopicOpeningBodySchema, TopicOpening, UpdateTopicOpeningBodySchema } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { ownerAdmitsInstitute, reachesOwner } from '../../lib/content-reach.js';
import { courseNotFound, duplicate, targetView, type SchedulesContext } from './schedules.context.js';

/** When a course's topic opens at a place. */
export function createTopicOpenings(ctx: SchedulesContext) {
  const { repo } = ctx.deps;
  return {
    async listTopicOpenings(actor: Actor): Promise<TopicOpening[]> {
      const rows = ctx.visibleRows(actor, 'schedules.courses', await repo.listTopicOpenings(await ctx.reachableInstituteIds(actor)));
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
      const target = await ctx.managedTarget(actor, 'schedules.courses', body);
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
      ctx.scheduleChanged();
      if (!row) throw duplicate();
      return { id: row.id, topicId: topic.id, topicName: topic.name, courseId: topic.courseId, courseName: topic.courseName, ...targetView(target, row), opensAt: row.opensAt.toISOString() };
    },

    async updateTopicOpening(actor: Actor, body: z.output<typeof UpdateTopicOpeningBodySchema>): Promise<TopicOpening> {
      const { row, target } = await ctx.managedRow(actor, 'schedules.courses', await repo.getTopicOpening(body.id));
      const topic = (await repo.getTopic(row.topicId))!;
      const updated = await repo.updateTopicOpening(actor, row, new Date(body.opensAt));
      ctx.scheduleChanged();
      return { id: row.id, topicId: topic.id, topicName: topic.name, courseId: topic.courseId, courseName: topic.courseName, ...targetView(target, row), opensAt: updated.opensAt.toISOString() };
    },

    async deleteTopicOpening(actor: Actor, body: { id: number }) {
      const { row } = await ctx.managedRow(actor, 'schedules.courses', await repo.getTopicOpening(body.id));
      await repo.deleteTopicOpening(actor, row);
      ctx.scheduleChanged();
      return { id: row.id };
    },
  };
}
