import {
  examClientRoutes as examRoutes,
  type CheckSessionBody,
  type GetSessionDetailsBody,
  type InstructionBody,
  type PractiseBody,
  type ReportQuestionBody,
  type RevealAnswerBody,
  type SaveAnswerBody,
  type SaveSessionDetailsBody,
  type SubmitTestBody,
} from '@app/contracts';
import { callApi, callApiFull } from '../../../lib/api-client';

/** The player's calls (spec 001 §7), one function each, typed from the contracts. */
export const examApi = {
  isAnyActiveTestSession: () => callApi(examRoutes.isAnyActiveTestSession),
  checkSession: (body: CheckSessionBody) => callApi(examRoutes.checkSession, { body }),
  getSessionDetails: (body: GetSessionDetailsBody) => callApi(examRoutes.getSessionDetails, { body }),
  practise: (body: PractiseBody) => callApi(examRoutes.practise, { body }),
  saveSessionDetails: (body: SaveSessionDetailsBody) => callApi(examRoutes.saveSessionDetails, { body }),
  completeSection: (body: { TestSessionID: string; sectionIndex: number }) => callApi(examRoutes.completeSection, { body }),
  instruction: (body: InstructionBody) => callApi(examRoutes.instruction, { body }),
  saveAnswer: (body: SaveAnswerBody) => callApi(examRoutes.saveAnswer, { body }),
  submitTest: (body: SubmitTestBody) => callApi(examRoutes.submitTest, { body }),
  revealAnswer: (body: RevealAnswerBody) => callApi(examRoutes.revealAnswer, { body }),
  /** Returns the server's message too: the report toast shows it (spec 001 §8). */
  reportQuestion: (body: ReportQuestionBody) => callApiFull(examRoutes.reportQuestion, { body }),
};
