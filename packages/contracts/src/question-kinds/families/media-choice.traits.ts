import type { QuestionKindTraits } from '../question-kinds.types.js';

/** A picture or video with options, one of them correct; the media address is required. Plain values (no schemas), so the player can read them without loading zod. */
export const MEDIA_CHOICE_TRAITS = {
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
