import type { QuestionKindTraits } from '../question-kinds.types.js';

/** Match list I with list II, scored from the pairs (or the one right code). Plain values, no zod. */
export const matchingTraits = {
  choice: false,
  multipleAnswers: false,
  blanks: false,
  written: false,
  evaluated: false,
  office: false,
  autoScored: true,
  paperAnswerable: false,
  exchangeable: true,
  needsMedia: false,
} as const satisfies QuestionKindTraits;
