import type { QuestionKindTraits } from '../question-kinds.types.js';

/** A picture with options, one of them correct. Plain values (no schemas), so the player can read them without loading zod. */
export const imageTraits = {
  choice: true,
  multipleAnswers: false,
  blanks: false,
  written: false,
  evaluated: false,
  office: false,
  autoScored: true,
  paperAnswerable: false,
  exchangeable: true,
  needsMedia: true,
} as const satisfies QuestionKindTraits;
