import { navigationRoutes, profileRoutes, type ActiveTestDetails, type StudentTestWindow } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../../lib/api-client';

const activeTestKey = ['navigation', 'notification'] as const;

export interface ActiveTest {
  details: ActiveTestDetails;
  /** Client epoch ms at which the test ends: receipt time plus the server's RemainingTime. */
  endsAt: number;
}

/**
 * The active test (spec 000 §4), checked on load. The end is the server's CurrentDate plus
 * RemainingTime; counted from when the answer arrived so a skewed client clock cannot shift it.
 */
export function useActiveTest(isEnabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: activeTestKey,
    enabled: isEnabled,
    queryFn: async (): Promise<ActiveTest | null> => {
      const { activeTestDetails } = await callApi(navigationRoutes.notification);
      if (!activeTestDetails.TestSessionID || activeTestDetails.RemainingTime === null) return null;
      return { details: activeTestDetails, endsAt: Date.now() + activeTestDetails.RemainingTime * 1000 };
    },
  });
  /** The countdown completed: clear the test and ask the server again. */
  const clear = useCallback(() => {
    queryClient.setQueryData(activeTestKey, null);
    void queryClient.invalidateQueries({ queryKey: activeTestKey });
  }, [queryClient]);
  return { activeTest: query.data ?? null, clear };
}

/** Scheduled tests open now or opening within 24 hours (students; the bell's panel lists them). */
export function useUpcomingTests(isEnabled: boolean): StudentTestWindow[] {
  const query = useQuery({
    queryKey: [...activeTestKey, 'upcoming'],
    enabled: isEnabled,
    staleTime: 5 * 60_000,
    queryFn: async () => (await callApi(navigationRoutes.notification)).upcomingTests ?? [],
  });
  return query.data ?? [];
}

export function useProfileInfo(isEnabled: boolean) {
  return useQuery({
    queryKey: ['profile', 'info'],
    enabled: isEnabled,
    queryFn: async () => (await callApi(profileRoutes.getInfo)).Details,
    staleTime: 5 * 60_000,
  });
}

export const saveVisitedUrls = (body: { data: { url: string; time: number }[]; UserSessionID: string }) =>
  callApi(navigationRoutes.saveUrl, { body });
