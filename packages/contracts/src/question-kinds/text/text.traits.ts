import type { QuestionKindTraits } from '../question-kinds.types.js';

/** Fill in the blanks, scored from the key. Plain values (no schemas), so the player can read them without loading zod. */
export const textTraits = {
  choice: false,
  multipleAnswers: false,
  blanks: true,
  written: false,
  evaluated: false,
  office: false,
  autoScored: true,
  paperAnswerable: false,
  exchangeable: true,
  needsMedia: false,
} as const satisfies QuestionKindTraits;
