import { todoRoutes, type Label } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { todoKeys } from './todo-keys';

export const listTodoLabels = (): Promise<Label[]> => callApi(todoRoutes.listLabels);

export function useTodoLabels() {
  return useQuery({ queryKey: todoKeys.labels(), queryFn: listTodoLabels });
}
