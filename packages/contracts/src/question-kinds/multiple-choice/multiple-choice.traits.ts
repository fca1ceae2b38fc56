import type { QuestionKindTraits } from '../question-kinds.types.js';

/** Several correct options; a printed sheet answers it with one bubble. Plain values (no schemas), so the player can read them without loading zod. */
export const multipleChoiceTraits = {
  choice: true,
  multipleAnswers: true,
  blanks: false,
  written: false,
  evaluated: false,
  office: false,
  autoScored: true,
  paperAnswerable: true,
  exchangeable: true,
  needsMedia: false,
} as const satisfies QuestionKindTraits;
