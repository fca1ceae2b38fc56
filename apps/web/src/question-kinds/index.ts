import type { PendingEvaluation, QuestionType } from '@app/contracts';
import { assertionReasonKind } from './assertion-reason/assertion-reason-kind';
import { comprehensiveKind } from './comprehensive/comprehensive-kind';
import { docxKind } from './docx/docx-kind';
import { imageKind } from './image/image-kind';
import type { WebQuestionKind } from './kind';
import type { LazyPart } from './shared/lazy-part';
import { hasMath, loadMath } from '../components/rich-text/math';
import { matchingKind } from './matching/matching-kind';
import { multipleChoiceKind } from './multiple-choice/multiple-choice-kind';
import { numericalKind } from './numerical/numerical-kind';
import { orderingKind } from './ordering/ordering-kind';
import { pptxKind } from './pptx/pptx-kind';
import { programmingKind } from './programming/programming-kind';
import { singleChoiceKind } from './single-choice/single-choice-kind';
import { textKind } from './text/text-kind';
import { videoKind } from './video/video-kind';
import { xlsxKind } from './xlsx/xlsx-kind';

/**
 * Every question kind the web app shows, authors and marks, one folder each. A kind added to the
 * contracts' QUESTION_TYPES does not compile until it has an entry here with every part.
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
} satisfies Record<QuestionType, WebQuestionKind>;

export function questionKind(type: QuestionType): WebQuestionKind {
  return QUESTION_KINDS[type];
}

/**
 * Fetches the answer areas of these kinds and, when any text holds mathematics, KaTeX, while the
 * network is there: a test or a review that goes on offline shows every question it holds.
 */
export function preloadQuestionParts(questions: readonly { questionType: string }[]): void {
  const types = new Set(questions.map((q) => q.questionType));
  for (const type of types) {
    const area = (QUESTION_KINDS as Record<string, WebQuestionKind | undefined>)[type]?.player.AnswerArea as Partial<LazyPart<object>> | undefined;
    void area?.preload?.();
  }
  if (hasMath(JSON.stringify(questions))) void loadMath().catch(() => undefined);
}

/**
 * The kind whose marking view shows a pending answer. The marking queue carries no kind (only
 * written answers are marked by a person today), so this is the one kind with a marking view.
 */
export function markingKindOf(_item: PendingEvaluation): WebQuestionKind {
  return QUESTION_KINDS.comprehensive;
}

export type { AnswerAreaProps, CodeSlotProps, EditorSlotProps, EditorSlots, OfficeSlotProps, KindFieldsProps, KindLanguageFieldsProps, WebQuestionKind } from './kind';
export type { BlankValues, CaseValues, OptionValues, QuestionFormValues, QuestionTextValues } from './shared/form-values';
export { emptyQuestionForm, emptyText } from './shared/form-values';
export type { AnswerData, AnswerId, PlayerQuestion, PlayerSettings } from './shared/player-question';
