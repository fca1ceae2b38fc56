import { STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { examEndpoints } from './exam.endpoints.js';
import {
  ActiveTestSessionSchema,
  CheckSessionBodySchema,
  CheckSessionResultSchema,
  CompleteSectionBodySchema,
  ExamSessionSchema,
  GetSessionDetailsBodySchema,
  InstructionBodySchema,
  InstructionResultSchema,
  PracticeAnswerSchema,
  PractiseBodySchema,
  ReportQuestionBodySchema,
  ReportQuestionResultSchema,
  RevealAnswerBodySchema,
  SaveAnswerBodySchema,
  SaveAnswerResultSchema,
  SaveSessionDetailsBodySchema,
  SaveSessionDetailsResultSchema,
  SubmitTestBodySchema,
  TestResultSchema,
} from './exam.schemas.js';

/** The exam player's calls on an attempt (spec 001 §7): start, resume, time, save, submit, reveal. */
export const examRoutes = {
  isAnyActiveTestSession: defineRoute({
    ...examEndpoints.isAnyActiveTestSession,
    access: STUDENT_ROLES,
    summary: 'The student’s open graded attempt, if any',
    response: ActiveTestSessionSchema,
  }),
  checkSession: defineRoute({
    ...examEndpoints.checkSession,
    access: STUDENT_ROLES,
    summary: 'Remaining time of the attempt and its sections; the test result once it is no longer open',
    body: CheckSessionBodySchema,
    response: CheckSessionResultSchema,
  }),
  getSessionDetails: defineRoute({
    ...examEndpoints.getSessionDetails,
    access: STUDENT_ROLES,
    summary: 'The attempt with its sections, questions (no answer keys) and saved answers',
    body: GetSessionDetailsBodySchema,
    response: ExamSessionSchema,
  }),
  practise: defineRoute({
    ...examEndpoints.practise,
    access: STUDENT_ROLES,
    summary: 'Start an attempt at a task, or resume the open one',
    body: PractiseBodySchema,
    response: ExamSessionSchema,
  }),
  saveSessionDetails: defineRoute({
    ...examEndpoints.saveSessionDetails,
    access: STUDENT_ROLES,
    summary: 'Keep the player’s local state and the tab-away warning count',
    body: SaveSessionDetailsBodySchema,
    response: SaveSessionDetailsResultSchema,
  }),
  completeSection: defineRoute({
    ...examEndpoints.completeSection,
    access: STUDENT_ROLES,
    summary: 'Finish the active section (section-wise timing) and start the next one',
    body: CompleteSectionBodySchema,
    response: CheckSessionResultSchema,
  }),
  instruction: defineRoute({
    ...examEndpoints.instruction,
    access: STUDENT_ROLES,
    summary: 'Instructions shown before a test starts',
    body: InstructionBodySchema,
    response: InstructionResultSchema,
  }),
  saveAnswer: defineRoute({
    ...examEndpoints.saveAnswer,
    access: STUDENT_ROLES,
    summary: 'Save answers; idempotent per question with a client sequence number',
    body: SaveAnswerBodySchema,
    response: SaveAnswerResultSchema,
  }),
  submitTest: defineRoute({
    ...examEndpoints.submitTest,
    access: STUDENT_ROLES,
    summary: 'Final submit: score the attempt and close it',
    body: SubmitTestBodySchema,
    response: TestResultSchema,
  }),
  revealAnswer: defineRoute({
    ...examEndpoints.revealAnswer,
    access: STUDENT_ROLES,
    summary: 'Practice only: the key of one question; its answer is then locked',
    body: RevealAnswerBodySchema,
    response: PracticeAnswerSchema,
  }),
  reportQuestion: defineRoute({
    ...examEndpoints.reportQuestion,
    access: STUDENT_ROLES,
    summary: 'Report an error in a question',
    body: ReportQuestionBodySchema,
    response: ReportQuestionResultSchema,
  }),
};
