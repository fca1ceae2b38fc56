import { z } from 'zod';
import { STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { CreateLabelBodySchema, DeletedSchema, EditLabelBodySchema, IdQuerySchema, LabelSchema } from '../workspace/workspace.schemas.js';
import {
  CreateTodoBodySchema,
  RestoreTodoBodySchema,
  TodoDeletedSchema,
  TodoListQuerySchema,
  TodoSchema,
  UpdateTodoBodySchema,
} from './todo.schemas.js';

/** To-do (the spec names the screens, not the calls): the same style as notes. Owner-only. */
export const todoRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/todo/v1/list',
    access: STUDENT_ROLES,
    summary: 'To-dos of one folder (all, starred, important, today, completed, deleted), optionally by label and due date',
    query: TodoListQuerySchema,
    response: z.array(TodoSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/todo/v1/create',
    access: STUDENT_ROLES,
    summary: 'Create a to-do',
    body: CreateTodoBodySchema,
    response: TodoSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/todo/v1/update',
    access: STUDENT_ROLES,
    summary: 'Change a to-do: the id and the fields that change',
    body: UpdateTodoBodySchema,
    response: TodoSchema,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/todo/v1/delete',
    access: STUDENT_ROLES,
    summary: 'Move a to-do to the trash; deleting it from the trash removes it',
    query: IdQuerySchema,
    response: TodoDeletedSchema,
  }),
  restore: defineRoute({
    method: 'POST',
    path: '/todo/v1/restore',
    access: STUDENT_ROLES,
    summary: 'Bring a to-do back from the trash',
    body: RestoreTodoBodySchema,
    response: TodoSchema,
  }),
  listLabels: defineRoute({
    method: 'GET',
    path: '/todo/v1/listLabels',
    access: STUDENT_ROLES,
    summary: "The student's to-do labels",
    response: z.array(LabelSchema),
  }),
  createLabel: defineRoute({
    method: 'POST',
    path: '/todo/v1/createLabel',
    access: STUDENT_ROLES,
    summary: 'Create a to-do label (name unique per student)',
    body: CreateLabelBodySchema,
    response: LabelSchema,
  }),
  editLabel: defineRoute({
    method: 'PUT',
    path: '/todo/v1/editLabel',
    access: STUDENT_ROLES,
    summary: 'Rename a to-do label',
    body: EditLabelBodySchema,
    response: LabelSchema,
  }),
  deleteLabel: defineRoute({
    method: 'DELETE',
    path: '/todo/v1/deleteLabel',
    access: STUDENT_ROLES,
    summary: 'Delete a to-do label; it is removed from to-dos, the to-dos stay',
    query: IdQuerySchema,
    response: DeletedSchema,
  }),
};
