import { createQuestionContent } from './question-bank.content.js';
import { createQuestionBankContext, type QuestionBankServiceDeps } from './question-bank.context.js';
import { createQuestionEdits } from './question-bank.edit.js';
import { createQuestionKeys } from './question-bank.keys.js';
import { createQuestionReads } from './question-bank.read.js';

export type { QuestionContent, QuestionContentText, QuestionSummary } from './question-bank.content.js';
export type { PlannedQuestion, QuestionBankServiceDeps, QuestionGrading, RegradedAttempt } from './question-bank.context.js';
export { checkNewQuestion } from './question-bank.versions.js';

/**
 * The question bank, one operation file per job (decision 090): the list and the editor's view
 * (question-bank.read.ts), writing questions (question-bank.edit.ts), key decisions and regrades
 * (question-bank.keys.ts) and what other modules read of it (question-bank.content.ts); a
 * version's values and checks are pure functions in question-bank.versions.ts.
 */
export function createQuestionBankService(deps: QuestionBankServiceDeps) {
  const context = createQuestionBankContext(deps);
  return {
    staffScopeOf: context.staffScopeOf,
    ...createQuestionReads(context),
    ...createQuestionEdits(context),
    ...createQuestionKeys(context),
    ...createQuestionContent(deps.repo),
  };
}

export type QuestionBankService = ReturnType<typeof createQuestionBankService>;
