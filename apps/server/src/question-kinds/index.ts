import type { QuestionType } from '@app/contracts';
import { assertionReasonServerKind } from './assertion-reason/assertion-reason.kind.js';
import { comprehensiveServerKind } from './comprehensive/comprehensive.kind.js';
import { docxServerKind } from './docx/docx.kind.js';
import { imageServerKind } from './image/image.kind.js';
import { matchingServerKind } from './matching/matching.kind.js';
import { numericalServerKind } from './numerical/numerical.kind.js';
import { orderingServerKind } from './ordering/ordering.kind.js';
import { multipleChoiceServerKind } from './multiple-choice/multiple-choice.kind.js';
import { pptxServerKind } from './pptx/pptx.kind.js';
import { programmingServerKind } from './programming/programming.kind.js';
import type { ServerQuestionKind } from './question-kinds.types.js';
import { singleChoiceServerKind } from './single-choice/single-choice.kind.js';
import { textServerKind } from './text/text.kind.js';
import { videoServerKind } from './video/video.kind.js';
import { xlsxServerKind } from './xlsx/xlsx.kind.js';

export type * from './question-kinds.types.js';
export { roundMarks, STATUS_LETTER, statusOfLetter } from './scoring.js';
export { recogniseAssertionReason, withAssertionReasonOptions } from './assertion-reason/assertion-reason.recognise.js';
export { blankMatches } from './text/text.kind.js';
export { matchingKeyOf } from './matching/matching.kind.js';
export { matchingCodes, matchingFromRows, matchingGiftPairs, matchingRows, type MatchingRow } from './matching/matching.exchange.js';
export { numericalGiftAnswer, numericalKeyOf, numericalKeyText, parseNumericalKeyText } from './numerical/numerical.kind.js';
export { orderingKeyOf } from './ordering/ordering.kind.js';

/**
 * Every question kind as the server runs it (scoring, the player's view, the reveal, item
 * statistics, paper sheets, question files), one folder each; the contracts' registry holds the
 * schemas and content rules. Modules ask here instead of branching on the kind.
 */
export const SERVER_QUESTION_KINDS = {
  singleChoice: singleChoiceServerKind,
  multipleChoice: multipleChoiceServerKind,
  text: textServerKind,
  comprehensive: comprehensiveServerKind,
  video: videoServerKind,
  image: imageServerKind,
  programming: programmingServerKind,
  xlsx: xlsxServerKind,
  docx: docxServerKind,
  pptx: pptxServerKind,
  assertionReason: assertionReasonServerKind,
  numerical: numericalServerKind,
  matching: matchingServerKind,
  ordering: orderingServerKind,
} as const satisfies Record<QuestionType, ServerQuestionKind>;

/** The server's kind by name (question types are stored as text); undefined for a name that is not a kind. */
export function serverKindOf(type: string): ServerQuestionKind | undefined {
  return Object.hasOwn(SERVER_QUESTION_KINDS, type) ? SERVER_QUESTION_KINDS[type as QuestionType] : undefined;
}
