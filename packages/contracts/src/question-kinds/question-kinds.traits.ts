import { QUESTION_TYPES, type QuestionType } from './question-kinds.constants.js';
import type { KindsWhere, QuestionKindTraits } from './question-kinds.types.js';
import { assertionReasonTraits } from './assertion-reason/assertion-reason.traits.js';
import { comprehensiveTraits } from './comprehensive/comprehensive.traits.js';
import { docxTraits } from './docx/docx.traits.js';
import { imageTraits } from './image/image.traits.js';
import { matchingTraits } from './matching/matching.traits.js';
import { numericalTraits } from './numerical/numerical.traits.js';
import { orderingTraits } from './ordering/ordering.traits.js';
import { multipleChoiceTraits } from './multiple-choice/multiple-choice.traits.js';
import { pptxTraits } from './pptx/pptx.traits.js';
import { programmingTraits } from './programming/programming.traits.js';
import { singleChoiceTraits } from './single-choice/single-choice.traits.js';
import { textTraits } from './text/text.traits.js';
import { videoTraits } from './video/video.traits.js';
import { xlsxTraits } from './xlsx/xlsx.traits.js';

/**
 * Each kind's traits, as plain values: the kind lists below are derived from them. Kept apart from
 * the schemas (index.ts) so that the player, which reads the lists, does not load zod.
 */
export const QUESTION_KIND_TRAITS = {
  singleChoice: singleChoiceTraits,
  multipleChoice: multipleChoiceTraits,
  text: textTraits,
  comprehensive: comprehensiveTraits,
  video: videoTraits,
  image: imageTraits,
  programming: programmingTraits,
  xlsx: xlsxTraits,
  docx: docxTraits,
  pptx: pptxTraits,
  assertionReason: assertionReasonTraits,
  numerical: numericalTraits,
  matching: matchingTraits,
  ordering: orderingTraits,
} as const satisfies Record<QuestionType, QuestionKindTraits>;

type Traits = typeof QUESTION_KIND_TRAITS;

/** The kinds whose trait is true, in the order of QUESTION_TYPES. */
export function kindsWhere<T extends keyof QuestionKindTraits>(trait: T): ReadonlyArray<KindsWhere<Traits, T>> {
  return QUESTION_TYPES.filter((type): type is KindsWhere<Traits, T> => QUESTION_KIND_TRAITS[type][trait]);
}

export const CHOICE_QUESTION_TYPES = kindsWhere('choice');
export const OFFICE_QUESTION_TYPES = kindsWhere('office');
/** Scored by an evaluation (the code runner or the office evaluator), never by the client. */
export const EVALUATED_QUESTION_TYPES = kindsWhere('evaluated');
/** Carried by the question file formats (Moodle XML, GIFT, the CSV/XLSX template, Aiken). */
export const EXCHANGE_QUESTION_TYPES = kindsWhere('exchangeable');
/** A printed answer sheet answers these with bubbles; the others print "answer online". */
export const PAPER_QUESTION_TYPES = kindsWhere('paperAnswerable');
/** Scored from the answer and the key alone. */
export const AUTO_SCORED_QUESTION_TYPES = kindsWhere('autoScored');

/**
 * One option is the whole answer and the question needs no picture or video to be read: the kinds
 * an adaptive test can serve (it shows a statement and options, and scores by the one key option).
 */
export const ONE_OPTION_QUESTION_TYPES = QUESTION_TYPES.filter((type) => {
  const traits: QuestionKindTraits = QUESTION_KIND_TRAITS[type];
  return traits.choice && !traits.multipleAnswers && !traits.needsMedia;
});
