import { ReportQuestionBodySchema, type ReportQuestionBody } from '@app/contracts';

/**
 * The contract's rule for a question report (a reason is required). Its own chunk: the dialog
 * loads it when it opens, so the schema library is not part of the player's first JavaScript.
 */
export function checkReportQuestion(input: ReportQuestionBody) {
  return ReportQuestionBodySchema.safeParse(input);
}
