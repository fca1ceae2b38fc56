import type { QuestionKindTraits } from '../question-kinds.types.js';

/** NEET's assertion and reason: one of four generated options; a printed sheet answers it with one bubble. Plain values (no schemas). */
export const assertionReasonTraits = {
  choice: true,
  multipleAnswers: false,
  blanks: false,
  written: false,
  evaluated: false,
  office: false,
  autoScored: true,
  paperAnswerable: true,
  exchangeable: true,
  needsMedia: false,
} as const satisfies QuestionKindTraits;
