import { questionBankRoutes, type CreateQuestionBody, type UpdateQuestionBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank-keys';

export const createQuestion = (body: CreateQuestionBody) => callApiFull(questionBankRoutes.create, { body });
export const updateQuestion = (body: UpdateQuestionBody) => callApiFull(questionBankRoutes.update, { body });

/** Creates a question, or saves a change of one (a new version when content or key changed). */
export function useSaveQuestion() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (input: { create: CreateQuestionBody } | { update: UpdateQuestionBody }) =>
      'create' in input ? createQuestion(input.create) : updateQuestion(input.update),
    // Returned, so the save stays pending until the saved question is read back: the editor then
    // remounts with it while still saving, and its leave guard never sees a saved form as unsaved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionBankKeys.all }),
    onError: (error) => notify.apiError(error),
  });
}
