import { questionBankRoutes, type ListQuestionsQuery, type ListQuestionsResult } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank-keys';

export const listQuestions = (query: ListQuestionsQuery): Promise<ListQuestionsResult> => callApi(questionBankRoutes.list, { query });

/** One page of the bank, filtered on the server; the previous page stays while the next loads. */
export function useQuestions(query: ListQuestionsQuery) {
  return useQuery({ queryKey: questionBankKeys.list(query), queryFn: () => listQuestions(query), placeholderData: keepPreviousData });
}
