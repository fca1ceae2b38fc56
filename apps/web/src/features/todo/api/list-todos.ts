import { todoRoutes, type Todo } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/date-time';
import { todoKeys, type TodoListParams } from './todo-keys';

/** One folder, optionally narrowed by label and due date; "today" is the student's own day. */
export const listTodos = (params: TodoListParams): Promise<Todo[]> =>
  callApi(todoRoutes.list, { query: { ...params, tz: browserTimeZone() } });

export function useTodos(params: TodoListParams, isEnabled = true) {
  return useQuery({
    queryKey: todoKeys.list(params),
    queryFn: () => listTodos(params),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
