import { questionBankRoutes, type RunReferenceBody, type RunReferenceResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNotify } from '../../hooks/use-notify';
import { callApi } from '../../lib/api-client';

export const runReference = (body: RunReferenceBody): Promise<RunReferenceResult> => callApi(questionBankRoutes.runReference, { body });

/** Runs the reference solution on the cases in the sandbox; nothing is stored. */
export function useRunReference() {
  const notify = useNotify();
  return useMutation({ mutationFn: runReference, onError: (error) => notify.apiError(error) });
}
