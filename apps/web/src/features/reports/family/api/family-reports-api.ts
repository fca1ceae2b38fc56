import { familyReportsClientRoutes as routes, studentsRoutes, type DigestSettings, type InstitutionReportQuery } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';

/** The Institution account's report; a class or a test narrows it. */
export function useInstitutionReport(query: InstitutionReportQuery) {
  return useQuery({
    queryKey: ['reports', 'institution', query],
    queryFn: () => callApi(routes.institution, { query }),
  });
}

/** A student's subject dashboard in one course (read only). */
export function useStudentCourseDashboard(studentId: number | null, courseId: number | null) {
  return useQuery({
    queryKey: ['reports', 'courseDashboard', studentId, courseId],
    queryFn: () => callApi(routes.studentCourseDashboard, { query: { studentId: studentId!, courseId: courseId! } }),
    enabled: studentId !== null && courseId !== null,
  });
}

/** The Summary Report of a period (YYYY-MM-DD, both ends included). */
export function useSummaryReport(studentId: number | undefined, period: { from: string; to: string } | null) {
  return useQuery({
    queryKey: ['reports', 'summary', studentId ?? 'self', period],
    queryFn: () => callApi(routes.summary, { query: { ...(studentId === undefined ? {} : { studentId }), ...period! } }),
    enabled: period !== null,
  });
}

/** Effort against result by week. */
export function useEffort(studentId: number | undefined, weeks: number) {
  return useQuery({
    queryKey: ['reports', 'effort', studentId ?? 'self', weeks],
    queryFn: () => callApi(routes.effort, { query: { ...(studentId === undefined ? {} : { studentId }), weeks } }),
  });
}

export function useDigestSettings() {
  return useQuery({ queryKey: ['reports', 'digestSettings'], queryFn: () => callApi(routes.digestSettings, {}) });
}

export function useSaveDigestSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DigestSettings) => callApi(routes.saveDigestSettings, { body }),
    onSuccess: (data) => client.setQueryData(['reports', 'digestSettings'], data),
  });
}

export function useDigestUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => callApi(routes.digestUnsubscribe, { body: { token } }) });
}

export function useMetabaseEmbed() {
  return useQuery({ queryKey: ['reports', 'metabase'], queryFn: () => callApi(routes.metabase, {}), staleTime: 5 * 60_000 });
}

/** Students of the caller's reach whose name, username or roll number matches (the roster's own search). */
export function useStudentChoices(search: string) {
  return useQuery({
    queryKey: ['reports', 'eis-students', search],
    queryFn: ({ signal }) => callApi(studentsRoutes.list, { query: { search: search || undefined, status: 'active', page: 1, pageSize: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}
