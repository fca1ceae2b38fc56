import { todoRoutes, type CreateTodoBody, type Label, type Todo, type UpdateTodoBody } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/date-time';
import { CALENDAR_QUERY_ROOT, todoKeys, type TodoListParams } from './todo-keys';

export const createTodoLabel = (title: string) => callApiFull(todoRoutes.createLabel, { body: { title } });

export function useCreateTodoLabel() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createTodoLabel,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: todoKeys.labels() });
    },
    onError: (error) => notify.apiError(error),
  });
}

export const createTodo = (body: CreateTodoBody) => callApiFull(todoRoutes.create, { body });

export function useCreateTodo() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createTodo,
    onSuccess: ({ message }) => {
      notify.success(message);
      void queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
      return queryClient.invalidateQueries({ queryKey: todoKeys.lists() });
    },
    onError: (error) => notify.apiError(error),
  });
}

export const deleteTodoLabel = (id: number) => callApiFull(todoRoutes.deleteLabel, { query: { id } });

/** The label leaves its to-dos too, so both lists are refetched. */
export function useDeleteTodoLabel() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteTodoLabel,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: todoKeys.all });
    },
    onError: (error) => notify.apiError(error),
  });
}

/** Moves a to-do to the trash; from the trash it deletes it for good. */
export const deleteTodo = (id: number) => callApiFull(todoRoutes.delete, { query: { id } });

export function useDeleteTodo() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteTodo,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: todoKeys.lists() });
      const previous = queryClient.getQueriesData<Todo[]>({ queryKey: todoKeys.lists() });
      queryClient.setQueriesData<Todo[]>({ queryKey: todoKeys.lists() }, (todos) =>
        todos?.filter((todo) => todo.id !== id),
      );
      return { previous };
    },
    onSuccess: ({ message }) => notify.success(message),
    onError: (error, _id, context) => {
      context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data));
      notify.apiError(error);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
      return queryClient.invalidateQueries({ queryKey: todoKeys.lists() });
    },
  });
}

export const editTodoLabel = ({ labelId, title }: { labelId: number; title: string }) =>
  callApiFull(todoRoutes.editLabel, { body: { labelId, title } });

export function useEditTodoLabel() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: editTodoLabel,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: todoKeys.labels() });
    },
    onError: (error) => notify.apiError(error),
  });
}

export const listTodoLabels = (): Promise<Label[]> => callApi(todoRoutes.listLabels);

export function useTodoLabels() {
  return useQuery({ queryKey: todoKeys.labels(), queryFn: listTodoLabels });
}

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

export const restoreTodo = (id: number) => callApiFull(todoRoutes.restore, { body: { id } });

export function useRestoreTodo() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: restoreTodo,
    onSuccess: ({ message }) => {
      notify.success(message);
      void queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
      return queryClient.invalidateQueries({ queryKey: todoKeys.lists() });
    },
    onError: (error) => notify.apiError(error),
  });
}

export const updateTodo = (body: UpdateTodoBody) => callApiFull(todoRoutes.update, { body });

/** Star, important and complete flip at once in every cached list; a refusal rolls them back. */
export function useUpdateTodo({ isQuiet = false }: { isQuiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: updateTodo,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: todoKeys.lists() });
      const previous = queryClient.getQueriesData<Todo[]>({ queryKey: todoKeys.lists() });
      queryClient.setQueriesData<Todo[]>({ queryKey: todoKeys.lists() }, (todos) =>
        todos?.map((todo) =>
          todo.id === Number(change.id)
            ? {
                ...todo,
                ...(change.title !== undefined && { title: change.title }),
                ...(change.notes !== undefined && { notes: change.notes }),
                ...(change.dueDate !== undefined && { dueDate: change.dueDate }),
                ...(change.starred !== undefined && { starred: change.starred }),
                ...(change.important !== undefined && { important: change.important }),
                ...(change.completed !== undefined && { completed: change.completed }),
                ...(change.labels !== undefined && { labels: change.labels.map(Number) }),
              }
            : todo,
        ),
      );
      return { previous };
    },
    onSuccess: ({ message }) => {
      if (!isQuiet) notify.success(message);
    },
    onError: (error, _change, context) => {
      context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data));
      notify.apiError(error);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
      return queryClient.invalidateQueries({ queryKey: todoKeys.lists() });
    },
  });
}
