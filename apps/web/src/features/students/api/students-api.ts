import {
  authRoutes,
  jobsRoutes,
  lookupsRoutes,
  studentsRoutes,
  type CreateRosterStudentBody,
  type LinkParentBody,
  type ListStudentsQuery,
  type ResetStudentPasswordBody,
  type UpdateStudentBody,
} from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';
import { studentsKeys } from './students-keys';

export function useStudentList(query: ListStudentsQuery) {
  return useQuery({
    queryKey: studentsKeys.list(query),
    queryFn: ({ signal }) => callApi(studentsRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStudent(id: number | null) {
  return useQuery({
    queryKey: studentsKeys.detail(id ?? 0),
    queryFn: () => callApi(studentsRoutes.get, { query: { id: id! } }),
    enabled: id !== null,
  });
}

/** Institutes, classes and sections for the filters and forms (the lookups calls). */
export function usePlaces(instituteId: number | null, classId: number | null) {
  const institutes = useQuery({ queryKey: ['lookups', 'institutes'], queryFn: () => callApi(lookupsRoutes.institutes), staleTime: 5 * 60_000 });
  const classes = useQuery({
    queryKey: ['lookups', 'classes', instituteId],
    queryFn: () => callApi(lookupsRoutes.classes, { query: { instituteID: instituteId! } }),
    enabled: instituteId !== null,
    staleTime: 5 * 60_000,
  });
  const sections = useQuery({
    queryKey: ['lookups', 'sections', instituteId, classId],
    queryFn: () => callApi(lookupsRoutes.sections, { query: { instituteID: instituteId!, classID: classId! } }),
    enabled: instituteId !== null && classId !== null,
    staleTime: 5 * 60_000,
  });
  return { institutes: institutes.data ?? [], classes: classes.data ?? [], sections: sections.data ?? [] };
}

/** A change to a student: the server's message is the toast; lists and the detail refresh. */
function useStudentMutation<Input>(call: (input: Input) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ message }) => {
      notify.success(message);
      void queryClient.invalidateQueries({ queryKey: studentsKeys.all });
    },
    onError: (error) => notify.apiError(error),
  });
}

export const useCreateStudent = () => useStudentMutation((body: CreateRosterStudentBody) => callApiFull(studentsRoutes.create, { body }));
export const useUpdateStudent = () => useStudentMutation((body: UpdateStudentBody) => callApiFull(studentsRoutes.update, { body }));
export const useSetStudentActive = () => useStudentMutation((body: { id: number; isActive: boolean }) => callApiFull(studentsRoutes.setActive, { body }));
export const useLinkParent = () => useStudentMutation((body: LinkParentBody) => callApiFull(studentsRoutes.linkParent, { body }));
export const useUnlinkParent = () => useStudentMutation((body: { id: number; parentUserId: number }) => callApiFull(studentsRoutes.unlinkParent, { body }));
export const useResetStudentPassword = () => useStudentMutation((body: ResetStudentPasswordBody) => callApiFull(studentsRoutes.resetPassword, { body }));

export const createLoginLink = (userId: number) => callApi(authRoutes.createLoginLink, { body: { userId } });

function rosterForm(file: File, institutionIds: number[]): FormData {
  const form = new FormData();
  // Fields before the file: the server reads the parts in order.
  institutionIds.forEach((id) => form.append('InstitutionId', String(id)));
  form.append('file', file);
  return form;
}

export const previewCsv = (file: File, institutionIds: number[]) => callApi(studentsRoutes.previewCsv, { formData: rosterForm(file, institutionIds) });
export const uploadCsv = (file: File, institutionIds: number[]) => callApi(studentsRoutes.uploadCsv, { formData: rosterForm(file, institutionIds) });

/** The import job, polled until it ends. */
/** New set-password links for an import's students whose first message did not go out. */
export async function sendWelcomeLinks(usernames: string[]) {
  return callApiFull(studentsRoutes.sendWelcomeLinks, { body: { usernames } });
}

export function useImportJob(jobId: string | null) {
  return useQuery({
    queryKey: studentsKeys.job(jobId ?? ''),
    queryFn: () => callApi(jobsRoutes.get, { query: { id: jobId! } }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && ['succeeded', 'failed', 'cancelled'].includes(query.state.data.state) ? false : 1000),
  });
}

export const setPassword = (body: { token: string; password: string }) => callApiFull(studentsRoutes.setPassword, { body });
