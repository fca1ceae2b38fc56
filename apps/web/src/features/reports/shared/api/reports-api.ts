import { reportsRoutes } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';

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

/** A student's analytics across attempts: the caller's own, or a named student's (a parent's child). */
export function useStudentDashboard(studentId?: number) {
  return useQuery({
    queryKey: ['reports', 'dashboard', studentId ?? 'self'],
    queryFn: () => callApi(reportsRoutes.studentDashboard, { query: studentId === undefined ? {} : { studentId } }),
  });
}

/** The parents' home: each linked child at a glance. */
export function useParentHome() {
  return useQuery({
    queryKey: ['reports', 'children'],
    queryFn: () => callApi(reportsRoutes.parentHome, {}),
  });
}

/** Tests taken and study time by day over the last `days` days. */
export function useActivity(studentId: number | undefined, days: number) {
  return useQuery({
    queryKey: ['reports', 'activity', studentId ?? 'self', days],
    queryFn: () => callApi(reportsRoutes.activity, { query: { ...(studentId === undefined ? {} : { studentId }), days } }),
  });
}
