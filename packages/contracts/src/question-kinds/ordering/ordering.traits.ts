import type { QuestionKindTraits } from '../question-kinds.types.js';

/** Items put in order by the student (Moodle's ordering), scored from the key. Plain values, no zod. */
export const orderingTraits = {
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
