import { gradingClientRoutes as routes, type ListPendingEvaluationsQuery, type MarkAnswerBody, type RevealCandidateBody } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';

export const gradingKeys = {
  all: ['grading'] as const,
  queue: (query: ListPendingEvaluationsQuery) => [...gradingKeys.all, 'queue', query] as const,
};

/** Written answers waiting for a mark (or already marked), filtered by test, question and class. */
export function useMarkingQueue(query: ListPendingEvaluationsQuery) {
  return useQuery({ queryKey: gradingKeys.queue(query), queryFn: () => callApi(routes.listPendingEvaluations, { query }) });
}

export function useMarkAnswer() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: MarkAnswerBody) => callApiFull(routes.markAnswer, { body }),
    onSuccess: ({ message }) => notify.success(message),
    onError: (error) => notify.apiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gradingKeys.all }),
  });
}

/** The student behind a candidate code (the server records each reveal). */
export function useRevealCandidate() {
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: RevealCandidateBody) => callApi(routes.revealCandidate, { body }),
    onError: (error) => notify.apiError(error),
  });
}
