import type { QuestionKindTraits } from '../question-kinds.types.js';

/** An office file (spreadsheet, document, slides), scored by the office evaluator. Plain values (no schemas), so the player can read them without loading zod. */
export const OFFICE_TRAITS = {
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
