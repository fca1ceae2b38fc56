import {
  academyManageRoutes,
  FINISHED_JOB_STATES,
  jobsRoutes,
  questionBankRoutes,
  type ImportPreview,
  type ImportStarted,
  type Job,
  type QuestionImportFormat,
  type QuestionImportMode,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank-keys';

export interface ImportFileInput {
  file: File;
  format?: QuestionImportFormat;
  /** allOrNothing unless the teacher chose to import the valid questions only. */
  mode?: QuestionImportMode;
  /** The course in which missing topics are created (the file's categories, with their hierarchy). */
  topicsCourseId?: number;
}

function formOf(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** Reads and checks every question of the file; writes nothing. */
export const previewImport = ({ file, format, topicsCourseId }: ImportFileInput): Promise<ImportPreview> =>
  callApi(questionBankRoutes.importPreview, { query: { format, topicsCourseId }, formData: formOf(file) });

/** Checks the file again and queues the import job (all or nothing, or the valid questions only). */
export const startImport = ({ file, format, mode, topicsCourseId }: ImportFileInput): Promise<ImportStarted> =>
  callApi(questionBankRoutes.importQuestions, { query: { format, mode, topicsCourseId }, formData: formOf(file) });

/** The courses the teacher manages: where the importer may create topics. */
export function useManagedCourses(enabled: boolean) {
  return useQuery({ queryKey: questionBankKeys.managedCourses(), enabled, queryFn: () => callApi(academyManageRoutes.listCourses) });
}

export function usePreviewImport() {
  const notify = useNotify();
  return useMutation({ mutationFn: previewImport, onError: (error) => notify.apiError(error) });
}

export function useStartImport() {
  const notify = useNotify();
  return useMutation({ mutationFn: startImport, onError: (error) => notify.apiError(error) });
}

const POLL_MS = 1000;

/** Follows a job until it finishes; the bank's lists are refreshed when it succeeds. */
export function useImportJob(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: questionBankKeys.job(jobId ?? ''),
    enabled: jobId !== null,
    queryFn: async (): Promise<Job> => {
      const job = await callApi(jobsRoutes.get, { query: { id: jobId! } });
      if (job.state === 'succeeded') void queryClient.invalidateQueries({ queryKey: questionBankKeys.all });
      return job;
    },
    refetchInterval: (query) => (query.state.data && FINISHED_JOB_STATES.includes(query.state.data.state) ? false : POLL_MS),
  });
}
