import { z } from 'zod';
import type { QuestionKindContract } from '../question-kinds.types.js';
import { ProgrammingAnswerSchema, ProgrammingSettingsSchema, QuestionDetailsSchema, SampleInputOutputSchema, TestCaseSchema } from './programming.schemas.js';
import { programmingTraits } from './programming.traits.js';

/** A program, run in the sandbox on hidden cases; the share of cases passed is its score. */
export const programmingKind = {
  traits: programmingTraits,
  /** A marker once code is entered (or null), and the program with its last run. */
  answerSchema: z.object({ answerID: z.string().max(100).nullable(), answerData: ProgrammingAnswerSchema.nullable().optional() }),
  keySchema: z.object({ hiddenCases: z.array(TestCaseSchema).min(1).max(100) }),
  settingsSchema: z.object({ programming: ProgrammingSettingsSchema, sampleCases: z.array(TestCaseSchema).max(20) }),
  /** The program's settings and its sample cases only: hidden cases never leave the server. */
  playerSchema: z.object({ questionDetails: QuestionDetailsSchema.nullable(), sampleInputOutputs: z.array(SampleInputOutputSchema) }),
  checkContent: (content, issues) => {
    if (!content.programming || content.hiddenCases.length === 0) issues.programming = 'questionProgrammingRequired';
  },
} satisfies QuestionKindContract;
