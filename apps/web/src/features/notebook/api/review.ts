import { notebookRoutes, type AnswerReviewBody, type GradeReviewBody, type ReviewAnswerResult, type ReviewQueue, type ReviewSettingsBody } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';
import { notebookKeys } from './notebook-keys';

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
