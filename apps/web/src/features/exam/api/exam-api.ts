import {
  examClientRoutes as examRoutes,
  mergeSessionContent,
  type ExamContent,
  type ExamSession,
  type StudentSession,
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

/**
 * A test's content by key, once per tab: the key names a served set and hashes its content, so
 * a body once fetched never changes. The browser's HTTP cache keeps it across reloads (the
 * server sends it immutable); this map saves the request within a page. A failed fetch is
 * forgotten so that the next call tries again.
 */
const contents = new Map<string, Promise<ExamContent>>();
const CONTENTS_KEPT = 4;

export function fetchContent(key: string): Promise<ExamContent> {
  let content = contents.get(key);
  if (!content) {
    content = callApi(examRoutes.content, { query: { key } });
    content.catch(() => contents.delete(key));
    if (contents.size >= CONTENTS_KEPT) contents.delete(contents.keys().next().value!);
    contents.set(key, content);
  }
  return content;
}

/** The session as the player uses it: the served set's questions get their content (fetched once) under the student's own state. */
export async function withContent(session: StudentSession): Promise<ExamSession> {
  return mergeSessionContent(session, session.contentKey ? await fetchContent(session.contentKey) : null);
}

/** Forgets the contents fetched in this page (tests). */
export function forgetContents(): void {
  contents.clear();
}

/** The player's calls (spec 001 §7), one function each, typed from the contracts. */
export const examApi = {
  isAnyActiveTestSession: () => callApi(examRoutes.isAnyActiveTestSession),
  checkSession: (body: CheckSessionBody) => callApi(examRoutes.checkSession, { body }),
  /** The session with its content merged (the content resource is fetched once per key). */
  getSessionDetails: async (body: GetSessionDetailsBody) => withContent(await callApi(examRoutes.getSessionDetails, { body })),
  practise: async (body: PractiseBody) => withContent(await callApi(examRoutes.practise, { body })),
  saveSessionDetails: (body: SaveSessionDetailsBody) => callApi(examRoutes.saveSessionDetails, { body }),
  completeSection: (body: { TestSessionID: string; sectionIndex: number }) => callApi(examRoutes.completeSection, { body }),
  instruction: (body: InstructionBody) => callApi(examRoutes.instruction, { body }),
  saveAnswer: (body: SaveAnswerBody) => callApi(examRoutes.saveAnswer, { body }),
  submitTest: (body: SubmitTestBody) => callApi(examRoutes.submitTest, { body }),
  revealAnswer: (body: RevealAnswerBody) => callApi(examRoutes.revealAnswer, { body }),
  /** Returns the server's message too: the report toast shows it (spec 001 §8). */
  reportQuestion: (body: ReportQuestionBody) => callApiFull(examRoutes.reportQuestion, { body }),
};
