import { STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import {
  AddCardBodySchema,
  AnswerReviewBodySchema,
  GradeReviewBodySchema,
  KeptQuerySchema,
  KeptQuestionsSchema,
  RemoveCardBodySchema,
  RemoveCardResultSchema,
  ReviewAnswerResultSchema,
  ReviewGradedSchema,
  ReviewQueueSchema,
  ReviewSettingsBodySchema,
  ReviewSettingsSchema,
  NotebookCardSchema,
  NotebookListQuerySchema,
  NotebookPageSchema,
  UpdateCardBodySchema,
} from './notebook.schemas.js';

/** The mistake notebook (issue 35): a student's own cards only; nobody else reads their content. */
export const notebookRoutes = {
  listCards: defineRoute({
    method: 'GET',
    path: '/notebook/v1/cards',
    access: STUDENT_ROLES,
    summary:
      "A page of the student's notebook cards (wrong, guessed, marked or kept questions of submitted tests), filtered",
    query: NotebookListQuerySchema,
    response: NotebookPageSchema,
  }),
  updateCard: defineRoute({
    method: 'POST',
    path: '/notebook/v1/updateCard',
    access: STUDENT_ROLES,
    summary: "Change a card's error type or the student's note",
    body: UpdateCardBodySchema,
    response: NotebookCardSchema,
  }),
  addCard: defineRoute({
    method: 'POST',
    path: '/notebook/v1/addCard',
    access: STUDENT_ROLES,
    summary: 'Keep a question of a submitted attempt in the notebook (a bookmark from the test)',
    body: AddCardBodySchema,
    response: NotebookCardSchema,
  }),
  removeCard: defineRoute({
    method: 'POST',
    path: '/notebook/v1/removeCard',
    access: STUDENT_ROLES,
    summary:
      'Take back a question kept by hand: a card only kept is removed, a mistake card stays without the keep',
    body: RemoveCardBodySchema,
    response: RemoveCardResultSchema,
  }),
  keptQuestions: defineRoute({
    method: 'GET',
    path: '/notebook/v1/kept',
    access: STUDENT_ROLES,
    summary: "The questions of one of the student's attempts that they kept in the notebook by hand",
    query: KeptQuerySchema,
    response: KeptQuestionsSchema,
  }),
  reviewQueue: defineRoute({
    method: 'GET',
    path: '/notebook/v1/reviewQueue',
    access: STUDENT_ROLES,
    summary: "Today's spaced-repetition queue: due cards first, as many as the student's minutes a day allow",
    response: ReviewQueueSchema,
  }),
  answerReview: defineRoute({
    method: 'POST',
    path: '/notebook/v1/answerReview',
    access: STUDENT_ROLES,
    summary: "Record the student's answer to a card's question; returns whether it was right and, when released, the key",
    body: AnswerReviewBodySchema,
    response: ReviewAnswerResultSchema,
  }),
  gradeReview: defineRoute({
    method: 'POST',
    path: '/notebook/v1/gradeReview',
    access: STUDENT_ROLES,
    summary: 'Grade an answered review (again, hard, good, easy); FSRS sets the card’s next due date',
    body: GradeReviewBodySchema,
    response: ReviewGradedSchema,
  }),
  updateReviewSettings: defineRoute({
    method: 'POST',
    path: '/notebook/v1/reviewSettings',
    access: STUDENT_ROLES,
    summary: 'Set the minutes of review a day',
    body: ReviewSettingsBodySchema,
    response: ReviewSettingsSchema,
  }),
};
