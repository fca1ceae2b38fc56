import { adaptiveRoutes, type AdaptiveAnswerBody, type AdaptiveSession } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const adaptiveKeys = {
  overview: () => ['adaptive', 'overview'] as const,
  session: (id: number) => ['adaptive', 'session', id] as const,
};

/** The subjects the student may test and their own sessions. */
export function useAdaptiveOverview() {
  return useQuery({ queryKey: adaptiveKeys.overview(), queryFn: () => callApi(adaptiveRoutes.overview, {}) });
}

/** One session as the server has it: the question being asked, or the result (after a reload or on another device too). */
export function useAdaptiveSession(sessionId: number | null) {
  return useQuery({
    queryKey: adaptiveKeys.session(sessionId ?? 0),
    queryFn: () => callApi(adaptiveRoutes.session, { query: { sessionId: sessionId! } }),
    enabled: sessionId !== null,
  });
}

export function useStartAdaptive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subjectId: number | null) => callApi(adaptiveRoutes.start, { body: { subjectId } }),
    onSuccess: (session: AdaptiveSession) => {
      queryClient.setQueryData(adaptiveKeys.session(session.sessionId), session);
      void queryClient.invalidateQueries({ queryKey: adaptiveKeys.overview() });
    },
  });
}

export function useAnswerAdaptive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdaptiveAnswerBody) => callApi(adaptiveRoutes.answer, { body }),
    onSuccess: (session: AdaptiveSession) => {
      queryClient.setQueryData(adaptiveKeys.session(session.sessionId), session);
      if (session.status === 'finished') void queryClient.invalidateQueries({ queryKey: adaptiveKeys.overview() });
    },
    // Answered on another device meanwhile: show where the session is now.
    onError: (_error, body) => void queryClient.invalidateQueries({ queryKey: adaptiveKeys.session(body.sessionId) }),
  });
}
