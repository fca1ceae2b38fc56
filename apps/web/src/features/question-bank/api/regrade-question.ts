import { questionBankRoutes, type RegradeBody, type RegradeResult } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank-keys';

export const regradeQuestion = (body: RegradeBody): Promise<RegradeResult> => callApi(questionBankRoutes.regrade, { body });

export function useRegrades(questionId: number) {
  return useQuery({
    queryKey: questionBankKeys.regrades(questionId),
    queryFn: () => callApi(questionBankRoutes.listRegrades, { query: { questionId } }),
  });
}

/** Runs a regrade (or, with dryRun, counts what it would change); a real one refreshes the log. */
export function useRegradeQuestion(questionId: number) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: regradeQuestion,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: questionBankKeys.regrades(questionId) }),
    onError: (error) => notify.apiError(error),
  });
}
