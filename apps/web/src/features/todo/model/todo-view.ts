import {
  TODO_DUE_FILTERS,
  TODO_FOLDERS,
  type CreateTodoBody,
  type Label,
  type TodoDueFilter,
  type TodoFolder,
} from '@app/contracts';
import type { TodoListParams } from '../api/todo-keys';
import { matchPath } from 'react-router';
import { paths } from '../../../config/paths';

export type TodoView =
  | { kind: 'folder'; folder: TodoFolder; todoId?: number }
  | { kind: 'filter'; due: TodoDueFilter; todoId?: number }
  | { kind: 'label'; labelHandle: string; todoId?: number };

const asId = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);
const isFolder = (value: string | undefined): value is TodoFolder =>
  (TODO_FOLDERS as readonly string[]).includes(value ?? '');
const isDueFilter = (value: string | undefined): value is TodoDueFilter =>
  (TODO_DUE_FILTERS as readonly string[]).includes(value ?? '');

/**
 * The to-do routes (spec 000 §2): /todo/{folderHandle}/{todoId?}, /todo/filter/{filterHandle}/{todoId?}
 * and /todo/label/{labelHandle}/{todoId?}. Null means an unknown folder or filter.
 */
export function resolveTodoView(pathname: string, params: Record<string, string | undefined>): TodoView | null {
  const todoId = asId(params.todoId);
  if (matchPath(paths.workspace.todoFilter.path, pathname))
    return isDueFilter(params.filterHandle) ? { kind: 'filter', due: params.filterHandle, todoId } : null;
  if (matchPath(paths.workspace.todoLabel.path, pathname))
    return params.labelHandle ? { kind: 'label', labelHandle: params.labelHandle, todoId } : null;
  return isFolder(params.folderHandle) ? { kind: 'folder', folder: params.folderHandle, todoId } : null;
}

/** The list URL of a view, without the opened item. */
export function todoViewPath(view: TodoView): string {
  if (view.kind === 'filter') return paths.workspace.todoFilter.getHref({ filterHandle: view.due });
  if (view.kind === 'label') return paths.workspace.todoLabel.getHref({ labelHandle: view.labelHandle });
  return paths.workspace.todoFolder.getHref({ folderHandle: view.folder });
}

/** The list call of a view; a label view needs the label (found by its handle) first. */
export function todoListParams(view: TodoView, label: Label | undefined): TodoListParams | null {
  if (view.kind === 'folder') return { folder: view.folder };
  if (view.kind === 'filter') return { folder: 'all', due: view.due };
  return label ? { folder: 'all', labelId: label.id } : null;
}

/** What quick add fills in so the new item shows up in the view it was typed into. */
export function quickAddDefaults(view: TodoView, label: Label | undefined, today: string): Partial<CreateTodoBody> {
  if (view.kind === 'label') return label ? { labels: [label.id] } : {};
  if (view.kind === 'filter') return view.due === 'today' || view.due === 'week' ? { dueDate: today } : {};
  if (view.folder === 'starred') return { starred: true };
  if (view.folder === 'important') return { important: true };
  if (view.folder === 'today') return { dueDate: today };
  return {};
}

/** Quick add makes no sense where a new item could not appear (done or trashed items). */
export const canQuickAdd = (view: TodoView) =>
  !(view.kind === 'folder' && (view.folder === 'completed' || view.folder === 'deleted'));

export type DueState = 'overdue' | 'today' | 'upcoming';

/** How a due date reads against today (both YYYY-MM-DD, so text order is date order). */
export function dueState(dueDate: string | null, today: string): DueState | null {
  if (!dueDate) return null;
  if (dueDate < today) return 'overdue';
  return dueDate === today ? 'today' : 'upcoming';
}
