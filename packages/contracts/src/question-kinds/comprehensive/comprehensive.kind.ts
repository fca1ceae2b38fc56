import { z } from 'zod';
import type { QuestionKindContract } from '../question-kinds.types.js';
import { comprehensiveTraits } from './comprehensive.traits.js';

/** A line-limited written answer, marked by a teacher against an optional model answer and marking guide. */
export const comprehensiveKind = {
  traits: comprehensiveTraits,
  /** A marker once something is written (or null), and the text. */
  answerSchema: z.object({ answerID: z.string().max(100).nullable(), answerData: z.string().max(20_000).nullable().optional() }),
  keySchema: z.object({ correctAnswerData: z.string().max(20_000).nullable() }),
  settingsSchema: z.object({ lineNumber: z.number().int().min(1).max(500) }),
  /** The line limit of the answer. */
  playerSchema: z.object({ lineNumber: z.number().int().nullable() }),
  checkContent: (content, issues) => {
    if (!content.lineNumber) issues.lineNumber = 'questionLineLimitRequired';
  },
} satisfies QuestionKindContract;
