import { LIVE_ROOM_POLL_MS, examSupervisionClientRoutes as routes, type ExtendTimeBody, type ForceSubmitBody, type ReopenAttemptBody } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';

export const liveRoomKeys = {
  all: ['exam', 'supervision'] as const,
  tests: () => [...liveRoomKeys.all, 'tests'] as const,
  room: (taskId: number) => [...liveRoomKeys.all, 'room', taskId] as const,
};

/** The staff's tests, running ones first; asked again while the page is open. */
export function useSupervisedTests() {
  return useQuery({ queryKey: liveRoomKeys.tests(), queryFn: () => callApi(routes.listSupervisedTests), refetchInterval: LIVE_ROOM_POLL_MS * 6 });
}

/**
 * The room of a running test, polled every LIVE_ROOM_POLL_MS (decision 026): any server process
 * answers, and the browser's arrival time is kept to carry the server's clock forward.
 */
export function useLiveRoom(taskId: number) {
  return useQuery({
    queryKey: liveRoomKeys.room(taskId),
    queryFn: async () => ({ room: await callApi(routes.liveRoom, { query: { taskId } }), receivedAt: Date.now() }),
    refetchInterval: LIVE_ROOM_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export type LiveRoomActionInput =
  | { kind: 'extend'; body: ExtendTimeBody }
  | { kind: 'reopen'; body: ReopenAttemptBody }
  | { kind: 'forceSubmit'; body: ForceSubmitBody };

function runAction(input: LiveRoomActionInput): Promise<{ message: string }> {
  switch (input.kind) {
    case 'extend':
      return callApiFull(routes.extendTime, { body: input.body });
    case 'reopen':
      return callApiFull(routes.reopenAttempt, { body: input.body });
    case 'forceSubmit':
      return callApiFull(routes.forceSubmit, { body: input.body });
  }
}

/** Extend, reopen or submit one attempt; the room is asked again at once. */
export function useLiveRoomAction(taskId: number) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: runAction,
    onSuccess: ({ message }) => notify.success(message),
    onError: (error) => notify.apiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveRoomKeys.room(taskId) }),
  });
}
