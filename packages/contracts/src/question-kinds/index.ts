import type { QuestionKindContract } from './question-kinds.types.js';
import type { QuestionType } from './question-kinds.constants.js';
import { assertionReasonKind } from './assertion-reason/assertion-reason.kind.js';
import { comprehensiveKind } from './comprehensive/comprehensive.kind.js';
import { docxKind } from './docx/docx.kind.js';
import { imageKind } from './image/image.kind.js';
import { matchingKind } from './matching/matching.kind.js';
import { multipleChoiceKind } from './multiple-choice/multiple-choice.kind.js';
import { numericalKind } from './numerical/numerical.kind.js';
import { orderingKind } from './ordering/ordering.kind.js';
import { pptxKind } from './pptx/pptx.kind.js';
import { programmingKind } from './programming/programming.kind.js';
import { singleChoiceKind } from './single-choice/single-choice.kind.js';
import { textKind } from './text/text.kind.js';
import { videoKind } from './video/video.kind.js';
import { xlsxKind } from './xlsx/xlsx.kind.js';

export * from './question-kinds.constants.js';
export * from './question-kinds.types.js';
export * from './question-kinds.traits.js';
export * from './question-kinds.settings.js';
export * from './multiple-choice/multiple-choice.marking.js';
export * from './text/text.blanks.js';
export * from './text/text.schemas.js';
export * from './programming/programming.schemas.js';
export * from './assertion-reason/assertion-reason.statement.js';
export * from './numerical/numerical.answer.js';
export * from './numerical/numerical.schemas.js';
export * from './matching/matching.pairs.js';
export * from './matching/matching.schemas.js';
export * from './ordering/ordering.order.js';
export * from './ordering/ordering.schemas.js';
export { OfficeResultSchema } from './families/office-result.js';
export { NO_PLAYER_FIELDS } from './families/player-fields.js';

/**
 * Every question kind, one folder each (Moodle's `question/type/<kind>/`). A new kind is a folder
 * and one line here; the compiler names what it still lacks, here and in the server's registry.
 */
export const QUESTION_KINDS = {
  singleChoice: singleChoiceKind,
  multipleChoice: multipleChoiceKind,
  text: textKind,
  comprehensive: comprehensiveKind,
  video: videoKind,
  image: imageKind,
  programming: programmingKind,
  xlsx: xlsxKind,
  docx: docxKind,
  pptx: pptxKind,
  assertionReason: assertionReasonKind,
  numerical: numericalKind,
  matching: matchingKind,
  ordering: orderingKind,
} as const satisfies Record<QuestionType, QuestionKindContract>;

/** The contract of a kind by name; undefined for a name that is not a kind. */
export function questionKindOf(type: string): QuestionKindContract | undefined {
  return Object.hasOwn(QUESTION_KINDS, type) ? QUESTION_KINDS[type as QuestionType] : undefined;
}
