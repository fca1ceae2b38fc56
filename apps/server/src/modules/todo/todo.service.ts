import {
  DEFAULT_TIME_ZONE,
  WORKSPACE_ERRORS,
  type CalendarEvent,
  type CreateTodoInput,
  type SearchResult,
  type Todo,
  type TodoDeleted,
  type TodoDueFilter,
  type TodoFolder,
  type UpdateTodoInput,
} from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { addDays, dateIn, isoInZone, startOfDateIn } from '../../lib/zoned-dates.js';
import { createLabelledItemService } from '../workspace/labelled-items.service.js';
import type { TodoFilter, TodoRecord, TodoRepository, TodoValues } from './todo.repository.js';

export interface TodoServiceDeps {
  repo: TodoRepository;
  clock: Clock;
}

const toTodo = (row: TodoRecord): Todo => ({
  id: row.id,
  title: row.title,
  notes: row.notes,
  dueDate: row.dueDate,
  starred: row.starred,
  important: row.important,
  completed: row.completed,
  deleted: row.deleted,
  labels: row.labels,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What a folder and a due filter mean, given today's date in the student's time zone. */
export function filterFor(folder: TodoFolder, due: TodoDueFilter | undefined, today: string): TodoFilter {
  const filter: TodoFilter = { deleted: folder === 'deleted' };
  if (folder === 'starred') filter.starred = true;
  if (folder === 'important') filter.important = true;
  if (folder === 'completed') filter.completed = true;
  if (folder === 'today') Object.assign(filter, { dueFrom: today, dueTo: today });
  if (due === 'overdue') Object.assign(filter, { dueBefore: today, completed: folder === 'completed' });
  if (due === 'today') Object.assign(filter, { dueFrom: today, dueTo: today });
  if (due === 'week') {
    // Combined with the 'today' folder the narrower bound wins.
    filter.dueFrom = filter.dueFrom && filter.dueFrom > today ? filter.dueFrom : today;
    filter.dueTo = filter.dueTo && filter.dueTo < addDays(today, 6) ? filter.dueTo : addDays(today, 6);
  }
  if (due === 'none') filter.hasNoDue = true;
  return filter;
}

export function createTodoService(deps: TodoServiceDeps) {
  const { repo, clock } = deps;
  const shared = createLabelledItemService<TodoRecord>({ repo, clock });
  const { labels, write, owned } = shared;

  return {
    ...shared.labelHandlers,

    async list(actor: Actor, query: { folder: TodoFolder; labelId?: number | undefined; due?: TodoDueFilter | undefined; tz?: string | undefined }): Promise<Todo[]> {
      if (query.labelId !== undefined && !(await repo.labels.findOwned(actor.userId, query.labelId))) {
        throw new AppError(WORKSPACE_ERRORS.WORKSPACE_LABEL_NOT_FOUND);
      }
      const today = dateIn(clock.now(), query.tz ?? DEFAULT_TIME_ZONE);
      const filter = { ...filterFor(query.folder, query.due, today), labelId: query.labelId };
      return (await repo.list(actor.userId, filter)).map(toTodo);
    },

    /** A student's open to-dos past their due date (the parents' home; the caller checks access). */
    async overdueOf(userId: number, tz: string = DEFAULT_TIME_ZONE): Promise<Todo[]> {
      const today = dateIn(clock.now(), tz);
      return (await repo.list(userId, { deleted: false, completed: false, dueBefore: today })).map(toTodo);
    },

    async create(actor: Actor, input: CreateTodoInput): Promise<Todo> {
      await labels.assertOwned(actor, input.labels);
      const values: TodoValues = {
        title: input.title,
        notes: input.notes,
        dueDate: input.dueDate,
        starred: input.starred,
        important: input.important,
        completed: input.completed,
        deleted: false,
      };
      return toTodo(await write(() => repo.create(actor.userId, values, input.labels, clock.now())));
    },

    async update(actor: Actor, input: UpdateTodoInput): Promise<Todo> {
      await owned(actor, input.id);
      if (input.labels) await labels.assertOwned(actor, input.labels);
      const patch: Partial<TodoValues> = {};
      for (const key of ['title', 'notes', 'dueDate', 'starred', 'important', 'completed'] as const) {
        if (input[key] !== undefined) Object.assign(patch, { [key]: input[key] });
      }
      const row = shared.found(await write(() => repo.update(actor.userId, input.id, patch, input.labels, clock.now())));
      return toTodo(row);
    },

    /** The first delete moves the item to the trash; deleting it from the trash removes it. */
    async remove(actor: Actor, id: number): Promise<TodoDeleted> {
      const row = await owned(actor, id);
      if (row.deleted) {
        await shared.removeOwned(actor, id);
        return { id, permanent: true };
      }
      await repo.update(actor.userId, id, { deleted: true }, undefined, clock.now());
      return { id, permanent: false };
    },

    async restore(actor: Actor, id: number): Promise<Todo> {
      const row = await owned(actor, id);
      if (!row.deleted) return toTodo(row);
      return toTodo(shared.found(await repo.update(actor.userId, id, { deleted: false }, undefined, clock.now())));
    },

    /** Read-only all-day calendar entries for due dates overlapping [from, to), days taken in `timeZone`. */
    async calendarEntries(actor: Actor, range: { from: Date; to: Date; timeZone: string }): Promise<CalendarEvent[]> {
      const { from, to, timeZone } = range;
      const rows = await repo.dueBetween(actor.userId, dateIn(from, timeZone), dateIn(new Date(to.getTime() - 1), timeZone));
      return rows.flatMap((row) => {
        const start = startOfDateIn(row.dueDate!, timeZone);
        const end = startOfDateIn(addDays(row.dueDate!, 1), timeZone);
        if (!(start < to && end > from)) return [];
        return [
          {
            key: `todo:${row.id}`,
            id: row.id,
            title: row.title,
            description: row.notes,
            start: isoInZone(start, timeZone),
            end: isoInZone(end, timeZone),
            allDay: true,
            color: null,
            source: 'todo' as const,
            readOnly: true,
            route: `/todo/all/${row.id}`,
          },
        ];
      });
    },

    async search(actor: Actor, text: string, limit: number): Promise<SearchResult[]> {
      const rows = await repo.search(actor.userId, text, limit);
      return rows.map((row) => ({
        type: 'todo' as const,
        id: row.id,
        title: row.title,
        snippet: row.notes.length > 160 ? `${row.notes.slice(0, 157)}...` : row.notes,
        archived: false,
        route: `/todo/all/${row.id}`,
      }));
    },
  };
}

export type TodoService = ReturnType<typeof createTodoService>;
