import type { QuestionKindTraits } from '../question-kinds.types.js';

/** A written answer, marked by a teacher. Plain values (no schemas), so the player can read them without loading zod. */
export const comprehensiveTraits = {
  choice: false,
  multipleAnswers: false,
  blanks: false,
  written: true,
  evaluated: false,
  office: false,
  autoScored: false,
  paperAnswerable: false,
  exchangeable: true,
  needsMedia: false,
} as const satisfies QuestionKindTraits;
