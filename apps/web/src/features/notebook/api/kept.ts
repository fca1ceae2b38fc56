import { notebookRoutes, type AddCardBody, type KeptQuestions } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';
import { notebookKeys } from './notebook-keys';

export const keptQuestions = (attemptId: string): Promise<KeptQuestions> =>
  callApi(notebookRoutes.keptQuestions, { query: { attemptId } });

/** Which questions of an attempt the student kept by hand: one request per report, shared by its buttons. */
export function useKeptQuestions(attemptId: string) {
  return useQuery({ queryKey: notebookKeys.kept(attemptId), queryFn: () => keptQuestions(attemptId) });
}

/** Keeps a question in the notebook, or takes it back; the report's buttons and the notebook reload after. */
export function useToggleKept(attemptId: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: ({ keep, ...body }: AddCardBody & { keep: boolean }) =>
      callApiFull(keep ? notebookRoutes.addCard : notebookRoutes.removeCard, { body }),
    onSuccess: ({ message }) => notify.success(message),
    onError: (error) => notify.apiError(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notebookKeys.kept(attemptId) }),
        queryClient.invalidateQueries({ queryKey: notebookKeys.all }),
      ]),
  });
}
