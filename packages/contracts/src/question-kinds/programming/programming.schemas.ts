import { z } from 'zod';
import { PROGRAMMING_LANGUAGES } from '../../common/constants.js';
import { HIDDEN_CASE_RESULTS } from '../../runner/runner.constants.js';

export const TestCaseSchema = z.object({ input: z.string().max(100_000), output: z.string().max(100_000) });

export const ProgrammingSettingsSchema = z.object({
  codeStubs: z.record(z.string().max(20), z.string().max(20_000)),
  allowedLanguages: z.array(z.union([z.enum(PROGRAMMING_LANGUAGES), z.literal('*')])).min(1).max(10),
  inputFormat: z.string().max(5000),
  outputFormat: z.string().max(5000),
  constraints: z.string().max(5000),
  timeLimitMs: z.number().int().min(100).max(20_000),
  memoryLimitMb: z.number().int().min(16).max(1024),
  /** What a Submit shows of the hidden cases: only the total (default), or each case. */
  hiddenCaseResults: z.enum(HIDDEN_CASE_RESULTS).optional(),
});

/** A program's settings as the player receives them. */
export const QuestionDetailsSchema = z.object({
  /** Starting code per language label (C, C++, Java, Python, Ruby). */
  codeStubs: z.record(z.string(), z.string()),
  /** Language labels, or ['*'] for all. */
  allowedLanguages: z.array(z.string()),
  inputFormat: z.string(),
  outputFormat: z.string(),
  constraints: z.string(),
  timeLimitMs: z.number().int(),
  memoryLimitMb: z.number().int(),
});
export type QuestionDetails = z.infer<typeof QuestionDetailsSchema>;

/** A sample case as the player shows it. */
export const SampleInputOutputSchema = z.object({ inputData: z.string(), outputData: z.string() });

/** A programming answer (spec 001 §3 Programming answer). */
export const ProgrammingAnswerSchema = z.object({
  sourceCode: z.string().max(100_000),
  programmingLanguageMasterID: z.union([z.string().max(20), z.number().int()]),
  resultDesc: z.string().max(20_000).nullable().optional(),
  runID: z.union([z.string().max(100), z.number().int()]).nullable().optional(),
  statusCode: z.string().max(20).nullable().optional(),
  questionID: z.number().int().optional(),
});
