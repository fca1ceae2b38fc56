import type { QuestionKindTraits } from '../question-kinds.types.js';

/** A program, scored by the code runner. Plain values (no schemas), so the player can read them without loading zod. */
export const programmingTraits = {
  choice: false,
  multipleAnswers: false,
  blanks: false,
  written: false,
  evaluated: true,
  office: false,
  autoScored: false,
  paperAnswerable: false,
  exchangeable: false,
  needsMedia: false,
} as const satisfies QuestionKindTraits;
