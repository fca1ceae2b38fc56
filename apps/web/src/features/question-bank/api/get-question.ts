import { questionBankRoutes, type AuthoringQuestion } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank-keys';

export const getQuestion = (questionId: number, version?: number): Promise<AuthoringQuestion> =>
  callApi(questionBankRoutes.get, { query: { questionId, version } });

/** One question with its key and history; a past version when `version` is given. */
export function useQuestion(questionId: number | null, version?: number) {
  return useQuery({
    queryKey: questionBankKeys.question(questionId ?? 0, version),
    queryFn: () => getQuestion(questionId!, version),
    enabled: questionId !== null,
  });
}
