import { notebookRoutes, type AddCardBody, type AnswerReviewBody, type GradeReviewBody, type KeptQuestions, type NotebookListQuery, type NotebookPage, type Retest, type RetestStatus, type ReviewAnswerResult, type ReviewQueue, type ReviewSettingsBody, type UpdateCardBody } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';
import { notebookKeys } from './notebook-keys';

export const keptQuestions = (attemptId: string): Promise<KeptQuestions> =>
  callApi(notebookRoutes.keptQuestions, { query: { attemptId } });

/** Which questions of an attempt the student kept by hand: one request per report, shared by its buttons. */
export function useKeptQuestions(attemptId: string) {
  return useQuery({ queryKey: notebookKeys.kept(attemptId), queryFn: () => keptQuestions(attemptId) });
}

/** Keeps a question in the notebook, or takes it back; the report's buttons and the notebook reload after. */
export function useToggleKept(attemptId: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: ({ keep, ...body }: AddCardBody & { keep: boolean }) =>
      callApiFull(keep ? notebookRoutes.addCard : notebookRoutes.removeCard, { body }),
    onSuccess: ({ message }) => notify.success(message),
    onError: (error) => notify.apiError(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notebookKeys.kept(attemptId) }),
        queryClient.invalidateQueries({ queryKey: notebookKeys.all }),
      ]),
  });
}

export const listCards = (query: NotebookListQuery): Promise<NotebookPage> =>
  callApi(notebookRoutes.listCards, { query });

/** A page of the student's cards; the previous page stays on screen while the next one loads. */
export function useNotebookCards(query: NotebookListQuery) {
  return useQuery({
    queryKey: notebookKeys.list(query),
    queryFn: () => listCards(query),
    placeholderData: keepPreviousData,
  });
}

export const getRetestStatus = (): Promise<RetestStatus> => callApi(notebookRoutes.retestStatus, {});

/** This week's re-test of due cards: its size, whether it can be started, and the past ones. */
export function useRetestStatus() {
  return useQuery({ queryKey: notebookKeys.retest, queryFn: getRetestStatus });
}

/** Makes this week's re-test (or returns the one made); the caller opens its test. */
export function useStartRetest() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (): Promise<Retest> => callApi(notebookRoutes.startRetest, { body: {} }),
    onError: (error) => notify.apiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notebookKeys.retest }),
  });
}

export const getReviewQueue = (): Promise<ReviewQueue> => callApi(notebookRoutes.reviewQueue, {});

/** Today's review queue (due cards first, as many as the student's minutes allow). */
export function useReviewQueue() {
  return useQuery({ queryKey: notebookKeys.reviewQueue, queryFn: getReviewQueue });
}

/** Records an answer to a card's question; the result (right or not, the key when released) comes back. */
export const answerReview = (body: AnswerReviewBody): Promise<ReviewAnswerResult> => callApi(notebookRoutes.answerReview, { body });

/** As `answerReview`; the card decides what a failure means (kept on the device, or said). */
export function useAnswerReview() {
  return useMutation({ mutationFn: answerReview });
}

/** Grades an answered review; the queue is read again (the card moves to its next due date). */
export function useGradeReview() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: GradeReviewBody) => callApi(notebookRoutes.gradeReview, { body }),
    onError: (error) => notify.apiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notebookKeys.reviewQueue }),
  });
}

/** Sets the minutes of review a day. */
export function useUpdateReviewSettings() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: ReviewSettingsBody) => callApiFull(notebookRoutes.updateReviewSettings, { body }),
    onSuccess: ({ message }) => notify.success(message),
    onError: (error) => notify.apiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notebookKeys.reviewQueue }),
  });
}

export const updateCard = (body: UpdateCardBody) => callApiFull(notebookRoutes.updateCard, { body });

/** Changes a card's error type or note, then reloads the notebook (a filter by error type may now leave it out). */
export function useUpdateCard() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: updateCard,
    onSuccess: ({ message }) => notify.success(message),
    onError: (error) => notify.apiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notebookKeys.all }),
  });
}
