import type { z } from 'zod';
import type { Language } from '../common/constants.js';
import type { MessageKey } from '../common/message-key.js';
import type { QuestionType } from './question-kinds.constants.js';

/** How a kind is answered and marked; the hand-kept kind lists are derived from these. */
export interface QuestionKindTraits {
  /** Answered by choosing options (answerID holds option ids). */
  choice: boolean;
  /** Several options may be chosen (answerID is a list). */
  multipleAnswers: boolean;
  /** Fill-in-the-blank: answerData holds one value per blank. */
  blanks: boolean;
  /** A written answer marked by a teacher. */
  written: boolean;
  /** Scored by an evaluation (the code runner or the office evaluator), never by the client. */
  evaluated: boolean;
  /** Answered in an office document. */
  office: boolean;
  /** Scored from the answer and the key alone (so a first answer can be scored after the fact). */
  autoScored: boolean;
  /** A printed answer sheet (OMR) can answer it with bubbles. */
  paperAnswerable: boolean;
  /** Carried by the question file formats (Moodle XML, GIFT, CSV/XLSX template, Aiken). */
  exchangeable: boolean;
  /** A picture or video address is required. */
  needsMedia: boolean;
}

/** What the content rules look at: a whole version (after an update is merged into the current one). */
export interface QuestionContentToCheck {
  defaultLanguage: Language;
  mediaUrl: string | null;
  lineNumber: number | null;
  programming: unknown;
  hiddenCases: unknown[];
  correctAnswerId: number | number[] | null;
  correctAnswerData: unknown;
  texts: Partial<Record<Language, { data: string; options: { answerID: number; answerData?: string }[] }>>;
  /** An office question's rubric (JSON); a written answer's marking guide is free text. */
  rubric?: string | null;
}

/** The languages a version has text in, for the kind's own rules. */
export interface KindContentContext {
  languages: Language[];
}

/** One question kind as every workspace knows it. */
export interface QuestionKindContract {
  traits: QuestionKindTraits;
  /** The shape of `{ answerID, answerData }` a save may carry for this kind. */
  answerSchema: z.ZodType;
  /** The shape of the key (what must never reach a player before it is allowed). */
  keySchema: z.ZodType;
  /** The kind's own settings of a version. */
  settingsSchema: z.ZodType;
  /**
   * The kind's own fields of the question the player receives, beyond every question's (the
   * session question is a union on the kind built from these); never the key. None: `NO_PLAYER_FIELDS`.
   */
  playerSchema: z.ZodObject;
  /** The kind's content rules, as field → message key added to `issues`. */
  checkContent(content: QuestionContentToCheck, issues: Record<string, MessageKey>, context: KindContentContext): void;
}

/** The kinds whose trait `T` is true. */
export type KindsWhere<Registry extends Record<QuestionType, QuestionKindTraits>, T extends keyof QuestionKindTraits> = {
  [K in QuestionType]: Registry[K][T] extends true ? K : never;
}[QuestionType];
