import type { QuestionKindTraits } from '../question-kinds.types.js';

/** A presentation, scored by the office evaluator. Plain values (no schemas), so the player can read them without loading zod. */
export const pptxTraits = {
  choice: false,
  multipleAnswers: false,
  blanks: false,
  written: false,
  evaluated: true,
  office: true,
  autoScored: false,
  paperAnswerable: false,
  exchangeable: false,
  needsMedia: false,
} as const satisfies QuestionKindTraits;
