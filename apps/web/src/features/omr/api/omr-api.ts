import { jobsRoutes, omrRoutes, schedulesRoutes, FINISHED_JOB_STATES, type Job, type OmrAnswer } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiBlob } from '../../../lib/api-client';

export const omrKeys = {
  options: () => ['omr', 'options'] as const,
  job: (id: string) => ['omr', 'job', id] as const,
  review: (taskId: number) => ['omr', 'review', taskId] as const,
  sheet: (id: number) => ['omr', 'sheet', id] as const,
  candidates: (sheetId: number, search: string) => ['omr', 'candidates', sheetId, search] as const,
  myTests: () => ['omr', 'myTests'] as const,
};

/** The tests and classes this staff member may print and upload for. */
export function useOmrOptions() {
  return useQuery({ queryKey: omrKeys.options(), queryFn: () => callApi(schedulesRoutes.options, { query: { screen: 'omrUpload' } }) });
}

/** Downloads the sheets' PDF and hands it to the browser as a file. */
export function useDownloadSheets() {
  return useMutation({
    mutationFn: async ({ taskId, classId }: { taskId: number; classId?: number }) => {
      const blob = await callApiBlob(omrRoutes.sheets, { query: { taskId, ...(classId ? { classId } : {}) } });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `omr-sheets-${taskId}${classId ? `-class-${classId}` : ''}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

export function useUploadScans() {
  return useMutation({
    mutationFn: ({ taskId, file }: { taskId: number; file: File }) => {
      const formData = new FormData();
      formData.append('file', file);
      return callApi(omrRoutes.upload, { query: { taskId }, formData });
    },
  });
}

/** The recognition job, polled every second until it has finished. */
export function useRecognitionJob(jobId: string | null) {
  return useQuery({
    queryKey: omrKeys.job(jobId ?? ''),
    queryFn: () => callApi(jobsRoutes.get, { query: { id: jobId! } }),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const job = query.state.data as Job | undefined;
      return job && FINISHED_JOB_STATES.includes(job.state) ? false : 1000;
    },
  });
}

/** The read sheets of a test (staff). */
export function useReview(taskId: number | null) {
  return useQuery({ queryKey: omrKeys.review(taskId ?? 0), queryFn: () => callApi(omrRoutes.review, { query: { taskId: taskId! } }), enabled: taskId !== null });
}

export function useSheet(id: number | null) {
  return useQuery({ queryKey: omrKeys.sheet(id ?? 0), queryFn: () => callApi(omrRoutes.sheet, { query: { id: id! } }), enabled: id !== null });
}

/** After a change to a sheet: the sheet itself and the test's list. */
function useSheetChanged() {
  const client = useQueryClient();
  return (sheet: { id: number; taskId: number }) => {
    void client.invalidateQueries({ queryKey: omrKeys.review(sheet.taskId) });
    client.setQueryData(omrKeys.sheet(sheet.id), sheet);
  };
}

export function useCorrectSheet() {
  const changed = useSheetChanged();
  return useMutation({
    mutationFn: (body: { sheetId: number; corrections: { question: number; answer: OmrAnswer }[] }) => callApi(omrRoutes.correct, { body }),
    onSuccess: changed,
  });
}

export function useCandidates(sheetId: number, search: string, enabled: boolean) {
  return useQuery({ queryKey: omrKeys.candidates(sheetId, search), queryFn: () => callApi(omrRoutes.candidates, { query: { sheetId, search } }), enabled });
}

export function useAssignSheet() {
  const changed = useSheetChanged();
  return useMutation({ mutationFn: (body: { sheetId: number; studentId: number }) => callApi(omrRoutes.assign, { body }), onSuccess: changed });
}

export function usePublish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) => callApi(omrRoutes.publish, { body: { taskId } }),
    onSuccess: (_result, taskId) => void client.invalidateQueries({ queryKey: ['omr'] }).then(() => taskId),
  });
}

// ---------- a student's own sheet ----------

export function useMyTests() {
  return useQuery({ queryKey: omrKeys.myTests(), queryFn: () => callApi(omrRoutes.myTests) });
}

export function useMyUpload() {
  return useMutation({
    mutationFn: ({ taskId, file }: { taskId: number; file: File }) => {
      const formData = new FormData();
      formData.append('file', file);
      return callApi(omrRoutes.myUpload, { query: { taskId }, formData });
    },
  });
}

export function useMySubmit() {
  return useMutation({ mutationFn: (sheetId: number) => callApi(omrRoutes.mySubmit, { body: { sheetId } }) });
}

/** The student's own sheet for a practice test, handed to the browser as a file. */
export function useDownloadPracticeSheet() {
  return useMutation({
    mutationFn: async (taskId: number) => {
      const blob = await callApiBlob(omrRoutes.practiceSheet, { query: { taskId } });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `omr-sheet-${taskId}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
