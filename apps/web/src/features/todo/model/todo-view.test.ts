import { describe, expect, it } from 'vitest';
import { canQuickAdd, dueState, quickAddDefaults, resolveTodoView, todoListParams, todoViewPath } from './todo-view';

const physics = { id: 4, name: 'Physics', handle: 'physics' };

describe('resolveTodoView', () => {
  it('reads folders, filters and labels, with an optional opened item', () => {
    expect(resolveTodoView('/todo/today', { folderHandle: 'today' })).toEqual({
      kind: 'folder',
      folder: 'today',
      todoId: undefined,
    });
    expect(resolveTodoView('/todo/deleted/5', { folderHandle: 'deleted', todoId: '5' })).toEqual({
      kind: 'folder',
      folder: 'deleted',
      todoId: 5,
    });
    expect(resolveTodoView('/todo/filter/overdue', { filterHandle: 'overdue' })).toEqual({
      kind: 'filter',
      due: 'overdue',
      todoId: undefined,
    });
    expect(resolveTodoView('/todo/label/physics/2', { labelHandle: 'physics', todoId: '2' })).toEqual({
      kind: 'label',
      labelHandle: 'physics',
      todoId: 2,
    });
  });

  it('rejects unknown folders and filters', () => {
    expect(resolveTodoView('/todo/someday', { folderHandle: 'someday' })).toBeNull();
    expect(resolveTodoView('/todo/filter/later', { filterHandle: 'later' })).toBeNull();
  });
});

describe('list calls and quick add', () => {
  it('asks the server for the folder, the due filter or the label', () => {
    expect(todoListParams({ kind: 'folder', folder: 'starred' }, undefined)).toEqual({ folder: 'starred' });
    expect(todoListParams({ kind: 'filter', due: 'week' }, undefined)).toEqual({ folder: 'all', due: 'week' });
    expect(todoListParams({ kind: 'label', labelHandle: 'physics' }, physics)).toEqual({ folder: 'all', labelId: 4 });
    expect(todoListParams({ kind: 'label', labelHandle: 'physics' }, undefined)).toBeNull();
    expect(todoViewPath({ kind: 'label', labelHandle: 'physics', todoId: 3 })).toBe('/todo/label/physics');
  });

  it('fills in what makes a quick-added item appear in the current view', () => {
    expect(quickAddDefaults({ kind: 'folder', folder: 'today' }, undefined, '2026-11-22')).toEqual({
      dueDate: '2026-11-22',
    });
    expect(quickAddDefaults({ kind: 'folder', folder: 'starred' }, undefined, '2026-11-22')).toEqual({ starred: true });
    expect(quickAddDefaults({ kind: 'folder', folder: 'important' }, undefined, '2026-11-22')).toEqual({
      important: true,
    });
    expect(quickAddDefaults({ kind: 'label', labelHandle: 'physics' }, physics, '2026-11-22')).toEqual({ labels: [4] });
    expect(quickAddDefaults({ kind: 'folder', folder: 'all' }, undefined, '2026-11-22')).toEqual({});
    expect(canQuickAdd({ kind: 'folder', folder: 'deleted' })).toBe(false);
    expect(canQuickAdd({ kind: 'filter', due: 'none' })).toBe(true);
  });

  it('reads due dates against today', () => {
    expect(dueState('2026-11-21', '2026-11-22')).toBe('overdue');
    expect(dueState('2026-11-22', '2026-11-22')).toBe('today');
    expect(dueState('2026-12-01', '2026-11-22')).toBe('upcoming');
    expect(dueState(null, '2026-11-22')).toBeNull();
  });
});
