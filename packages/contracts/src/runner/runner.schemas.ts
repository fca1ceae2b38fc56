import { z } from 'zod';
import { PROGRAMMING_LANGUAGES } from '../common/constants.js';
import { idField, msg } from '../common/validation.js';
import { testSessionIdField } from '../exam/exam.schemas.js';
import { RUN_CUSTOM_INPUT_MAX_LENGTH, RUN_PENDING, RUN_SOURCE_MAX_LENGTH, RUN_VERDICTS } from './runner.constants.js';

export const RunVerdictSchema = z.enum(RUN_VERDICTS);
export const RunStatusCodeSchema = z.enum([RUN_PENDING, ...RUN_VERDICTS]);

export const RunTypeSchema = z.enum(['run', 'submit'], msg('runTypeInvalid'));
export type RunType = z.infer<typeof RunTypeSchema>;

export const RunLanguageSchema = z.enum(PROGRAMMING_LANGUAGES, msg('runLanguageInvalid'));

export const StartRunBodySchema = z
  .object({
    taskID: idField,
    questionID: idField,
    languageID: RunLanguageSchema,
    sourceCode: z
      .string(msg('runSourceRequired'))
      .max(RUN_SOURCE_MAX_LENGTH, msg('runSourceTooLong'))
      .refine((code) => code.trim().length > 0, msg('runSourceRequired'))
      .refine((code) => !code.includes('\u0000'), msg('runNulCharacter')),
    type: RunTypeSchema,
    TestSessionID: testSessionIdField.optional().nullable(),
    /** Sent by the client for a Run; the runner acts for the signed-in user whatever it says. */
    userId: z.union([z.string().max(100), z.number()]).optional().nullable(),
    customInput: z
      .string()
      .max(RUN_CUSTOM_INPUT_MAX_LENGTH, msg('runInputTooLong'))
      .refine((input) => !input.includes('\u0000'), msg('runNulCharacter'))
      .optional()
      .nullable(),
  })
  .refine((body) => body.type !== 'submit' || !!body.TestSessionID, {
    message: 'runSessionRequired',
    path: ['TestSessionID'],
  });
export type StartRunBody = z.infer<typeof StartRunBodySchema>;

export const StartRunResultSchema = z.object({ runID: z.string() });
export type StartRunResult = z.infer<typeof StartRunResultSchema>;

export const RunDetailsQuerySchema = z.object({ runID: z.string().min(1).max(100) });

/**
 * One test case's outcome. For a Submit only passed, verdict, time and memory leave the
 * server (hidden cases stay hidden); a Run on sample cases also shows the input, the expected
 * and actual output and the error stream.
 */
export const RunCaseResultSchema = z.object({
  index: z.number().int(),
  verdict: RunVerdictSchema,
  /** Null on custom input, where nothing is expected. */
  passed: z.boolean().nullable(),
  timeMs: z.number().int(),
  memoryKb: z.number().int(),
  input: z.string().optional(),
  expectedOutput: z.string().optional(),
  stdout: z.string().optional(),
  stderr: z.string().optional(),
});
export type RunCaseResult = z.infer<typeof RunCaseResultSchema>;

export const RunResultDescSchema = z.object({
  verdict: RunVerdictSchema,
  passed: z.number().int(),
  total: z.number().int(),
  /** Compiler messages (Run only, and for a compile error). */
  compileOutput: z.string().optional(),
  /** Why the run ended in IE or CE when the program itself says nothing. */
  message: z.string().optional(),
  cases: z.array(RunCaseResultSchema),
});
export type RunResultDesc = z.infer<typeof RunResultDescSchema>;

export const RunDetailsSchema = z.object({
  runID: z.string(),
  statusCode: RunStatusCodeSchema,
  type: RunTypeSchema,
  languageID: RunLanguageSchema,
  questionID: z.number().int(),
  sourceCode: z.string(),
  resultDesc: RunResultDescSchema.nullable(),
});
export type RunDetails = z.infer<typeof RunDetailsSchema>;

export const RunnerHealthSchema = z.object({
  /** 'local' (bubblewrap sandbox) or 'judge0'. */
  backend: z.enum(['local', 'judge0']),
  /** starting: self-test running; ready; unavailable: runs are refused (see reason). */
  state: z.enum(['starting', 'ready', 'unavailable']),
  reason: z.string().nullable(),
  slots: z.number().int(),
  pending: z.number().int(),
  languages: z.array(z.string()),
  /**
   * Local sandbox only: whether the seccomp filter is loaded, and whether a step's memory (tmpfs
   * included) is capped by a cgroup or, where none can be used, by rlimits (memoryReason says why).
   */
  isolation: z
    .object({ seccomp: z.boolean(), memory: z.enum(['cgroup', 'rlimit']), memoryReason: z.string().nullable() })
    .nullable()
    .optional(),
});
export type RunnerHealth = z.infer<typeof RunnerHealthSchema>;
