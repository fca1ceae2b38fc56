import { reportsRoutes } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export function useFeedbackReport(query: { courseId: number; taskId: number; attemptId: string } | null) {
  return useQuery({
    queryKey: ['reports', 'feedback', query],
    queryFn: () => callApi(reportsRoutes.feedbackReport, { query: query! }),
    enabled: Boolean(query),
  });
}

/** The report page without an attempt: how to read it and the student's submitted attempts. */
export function useReportOverview(isEnabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'overview'],
    queryFn: () => callApi(reportsRoutes.report, { body: { instructionType: 2 } }),
    enabled: isEnabled,
  });
}
