import type { ListStudentsQuerySchema, StudentDetail, StudentList } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { studentReachOf } from '../../lib/policy.js';
import { rowOf, type StudentsContext } from './students.context.js';
import { canManageStudent } from './students.policy.js';

type ListQuery = z.output<typeof ListStudentsQuerySchema>;

/** The roster in the actor's scope, and one student's detail. */
export function createStudentReads(ctx: StudentsContext) {
  const { repo } = ctx.deps;
  return {
    async list(actor: Actor, query: ListQuery): Promise<StudentList> {
      const reach = studentReachOf(actor, 'students.manage');
      const { items, total } = await repo.list(reach, query);
      return { items: items.map(rowOf), total };
    },

    async get(actor: Actor, id: number): Promise<StudentDetail> {
      await ctx.studentInScope(actor, id, canManageStudent);
      return ctx.detail(id);
    },
  };
}
