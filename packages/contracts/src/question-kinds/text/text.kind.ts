import { z } from 'zod';
import type { QuestionKindContract } from '../question-kinds.types.js';
import { countBlanks } from './text.blanks.js';
import { BlankKeySchema, BlankValueSchema } from './text.schemas.js';
import { textTraits } from './text.traits.js';

/** Fill in the blanks: `{0}` markers in the text, one key value (with alternatives and a tolerance) per blank. */
export const textKind = {
  traits: textTraits,
  /** A marker once a blank is filled (or null), and the blanks' values. */
  answerSchema: z.object({ answerID: z.string().max(100).nullable(), answerData: z.array(BlankValueSchema).max(50).nullable().optional() }),
  keySchema: z.object({ correctAnswerData: z.array(BlankKeySchema).min(1).max(50) }),
  settingsSchema: z.object({ numericTolerance: z.number().min(0).max(1e9).nullable() }),
  /** Number of {0} markers; blank ids are questionID-0 … questionID-(n-1). */
  playerSchema: z.object({ blankCount: z.number().int() }),
  checkContent: (content, issues, { languages }) => {
    const counts = languages.map((language) => countBlanks(content.texts[language]!.data));
    const blanks = counts[0] ?? 0;
    const keyLength = Array.isArray(content.correctAnswerData) ? content.correctAnswerData.length : -1;
    if (blanks === 0 || counts.some((n) => n !== blanks) || keyLength !== blanks) issues.correctAnswerData = 'questionBlanksMismatch';
  },
} satisfies QuestionKindContract;
