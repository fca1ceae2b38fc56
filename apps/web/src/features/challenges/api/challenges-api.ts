import {
  challengeRoutes,
  type CreateChallengeBody,
  type CreatePostBody,
  type DecideBody,
  type ThreadQuery,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';

/** Query keys of challenges and threads; every change invalidates under `challengeKeys.all`. */
export const challengeKeys = {
  all: ['challenges'] as const,
  thread: (query: ThreadQuery) => [...challengeKeys.all, 'thread', query] as const,
  list: (taskId: number) => [...challengeKeys.all, 'list', taskId] as const,
};

export function useThread(query: ThreadQuery, isEnabled = true) {
  return useQuery({
    queryKey: challengeKeys.thread(query),
    queryFn: () => callApi(challengeRoutes.thread, { query }),
    enabled: isEnabled,
  });
}

export function useChallengeList(taskId: number) {
  return useQuery({ queryKey: challengeKeys.list(taskId), queryFn: () => callApi(challengeRoutes.list, { query: { taskId } }) });
}

/** A mutation that says the server's message and reloads challenges and threads. */
function useChallengeMutation<B, R extends { message: string }>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ message }) => notify.success(message),
    onError: (error) => notify.apiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
  });
}

export const useCreatePost = () => useChallengeMutation((body: CreatePostBody) => callApiFull(challengeRoutes.post, { body }));
export const useCreateChallenge = () => useChallengeMutation((body: CreateChallengeBody) => callApiFull(challengeRoutes.challenge, { body }));
/** A picture for the student's own open challenge (multipart field `file`); the server checks it by content. */
export const useAttachChallengeImage = () =>
  useChallengeMutation(({ challengeId, file }: { challengeId: number; file: File }) => {
    const formData = new FormData();
    formData.append('file', file);
    return callApiFull(challengeRoutes.attachImage, { query: { challengeId }, formData });
  });
export const useDecide = () => useChallengeMutation((body: DecideBody) => callApiFull(challengeRoutes.decide, { body }));
export const useHidePost = () => useChallengeMutation((body: { postId: number; reason: string }) => callApiFull(challengeRoutes.hidePost, { body }));
export const usePinPost = () => useChallengeMutation((body: { postId: number; pinned: boolean }) => callApiFull(challengeRoutes.pinPost, { body }));
