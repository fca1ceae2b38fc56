import type { QuestionKindTraits } from '../question-kinds.types.js';

/** A number typed by the student (JEE Main section B), scored from the key. Plain values, no zod. */
export const numericalTraits = {
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
