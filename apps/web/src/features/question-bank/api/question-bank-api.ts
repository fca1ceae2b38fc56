import { academyManageRoutes, academyRoutes, FINISHED_JOB_STATES, jobsRoutes, questionBankRoutes, type AuthoringQuestion, type CreateQuestionBody, type ExportQuestionsBody, type ImportPreview, type ImportStarted, type Job, type ListQuestionsQuery, type ListQuestionsResult, type QuestionImportFormat, type QuestionImportMode, type RegradeBody, type RegradeResult, type UpdateQuestionBody } from '@app/contracts';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFile, callApiFull } from '../../../lib/api-client';
import { saveBlob } from '../model/save-blob';
import { questionBankKeys } from './question-bank-keys';

const FALLBACK_NAMES = { moodleXml: 'questions.xml', gift: 'questions.txt', csv: 'questions.csv', xlsx: 'questions.xlsx' } as const;

/** Downloads the selection as a file; answers the ids the format could not carry. */
export async function exportQuestions(body: ExportQuestionsBody): Promise<{ skippedIds: number[] }> {
  const file = await callApiFile(questionBankRoutes.exportQuestions, { body });
  saveBlob(file.blob, file.fileName ?? FALLBACK_NAMES[body.format]);
  const skipped = file.headers.get('x-skipped-questions');
  return { skippedIds: skipped ? skipped.split(',').map(Number).filter(Number.isInteger) : [] };
}

export function useExportQuestions() {
  const notify = useNotify();
  return useMutation({ mutationFn: exportQuestions, onError: (error) => notify.apiError(error) });
}

/** The CSV or XLSX template with an example row of each kind. */
export async function downloadTemplate(format: 'csv' | 'xlsx'): Promise<void> {
  const file = await callApiFile(questionBankRoutes.importTemplate, { query: { format } });
  saveBlob(file.blob, file.fileName ?? `questions-template.${format}`);
}

export const getQuestion = (questionId: number, version?: number): Promise<AuthoringQuestion> =>
  callApi(questionBankRoutes.get, { query: { questionId, version } });

/** One question with its key and history; a past version when `version` is given. */
export function useQuestion(questionId: number | null, version?: number) {
  return useQuery({
    queryKey: questionBankKeys.question(questionId ?? 0, version),
    queryFn: () => getQuestion(questionId!, version),
    enabled: questionId !== null,
  });
}

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

export const listQuestions = (query: ListQuestionsQuery): Promise<ListQuestionsResult> => callApi(questionBankRoutes.list, { query });

/** One page of the bank, filtered on the server; the previous page stays while the next loads. */
export function useQuestions(query: ListQuestionsQuery) {
  return useQuery({ queryKey: questionBankKeys.list(query), queryFn: () => listQuestions(query), placeholderData: keepPreviousData });
}

export interface TopicChoice {
  topicId: number;
  courseId: number;
  /** "Course · Topic". */
  label: string;
}

/** Every topic of every course, for the bank's topic filter and picker. */
export function useTopicChoices(): { topics: TopicChoice[]; isLoading: boolean } {
  const courses = useQuery({ queryKey: questionBankKeys.courses(), queryFn: () => callApi(academyRoutes.listCourses) });
  const topicLists = useQueries({
    queries: (courses.data ?? []).map((course) => ({
      queryKey: questionBankKeys.topics(course.courseID),
      queryFn: () => callApi(academyRoutes.listTopics, { query: { courseId: course.courseID } }),
    })),
  });
  const topics = topicLists.flatMap((result) =>
    (result.data?.topics ?? []).map((topic) => ({
      topicId: topic.topicID,
      courseId: result.data!.courseID,
      label: `${result.data!.courseName} · ${topic.topicName}`,
    })),
  );
  return { topics, isLoading: courses.isLoading || topicLists.some((result) => result.isLoading) };
}

export const regradeQuestion = (body: RegradeBody): Promise<RegradeResult> => callApi(questionBankRoutes.regrade, { body });

export function useRegrades(questionId: number) {
  return useQuery({
    queryKey: questionBankKeys.regrades(questionId),
    queryFn: () => callApi(questionBankRoutes.listRegrades, { query: { questionId } }),
  });
}

/** Runs a regrade (or, with dryRun, counts what it would change); a real one refreshes the log. */
export function useRegradeQuestion(questionId: number) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: regradeQuestion,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: questionBankKeys.regrades(questionId) }),
    onError: (error) => notify.apiError(error),
  });
}

export const createQuestion = (body: CreateQuestionBody) => callApiFull(questionBankRoutes.create, { body });
export const updateQuestion = (body: UpdateQuestionBody) => callApiFull(questionBankRoutes.update, { body });

/** Creates a question, or saves a change of one (a new version when content or key changed). */
export function useSaveQuestion() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (input: { create: CreateQuestionBody } | { update: UpdateQuestionBody }) =>
      'create' in input ? createQuestion(input.create) : updateQuestion(input.update),
    // Returned, so the save stays pending until the saved question is read back: the editor then
    // remounts with it while still saving, and its leave guard never sees a saved form as unsaved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionBankKeys.all }),
    onError: (error) => notify.apiError(error),
  });
}
