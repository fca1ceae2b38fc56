import { singleChoiceTraits } from '../single-choice/single-choice.traits.js';

/** NEET's assertion and reason answers as a single-choice question does: one of four generated options, one bubble on a printed sheet. */
export const assertionReasonTraits = singleChoiceTraits;
