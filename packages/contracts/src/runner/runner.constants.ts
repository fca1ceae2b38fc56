/** The runner's plain values, without schemas (the player imports them). */

/** Largest program a student may send (characters). */
export const RUN_SOURCE_MAX_LENGTH = 64_000;
/** Largest custom input for a Run (characters). */
export const RUN_CUSTOM_INPUT_MAX_LENGTH = 64_000;
/** Pending runs one student may have at once; more are refused with RUNNER_TOO_MANY_PENDING. */
export const RUN_MAX_PENDING_PER_USER = 3;
/** Runs one student may start per minute. */
export const RUN_RATE_PER_MINUTE = 30;

/**
 * Run status codes. PE while pending; then one verdict:
 * AC accepted, WA wrong answer, CE compile error (also when compiling takes too long, and a
 * Python or Ruby syntax error reported before the program runs),
 * RE runtime error (non-zero exit or a signal), TLE time limit (CPU or wall clock),
 * MLE memory limit, OLE output limit (too much output), IE internal error (the runner failed,
 * not the program). A Run on custom input has no expected output: it ends AC when the program
 * exits normally (the output is shown, not judged).
 */
export const RUN_VERDICTS = ['AC', 'WA', 'CE', 'RE', 'TLE', 'MLE', 'OLE', 'IE'] as const;
export type RunVerdict = (typeof RUN_VERDICTS)[number];
export const RUN_PENDING = 'PE';
export type RunStatusCode = typeof RUN_PENDING | RunVerdict;

/**
 * What a Submit shows of the hidden cases, a setting of the programming question
 * (`hiddenCaseResults`): 'total' (the default) only the overall verdict and the count passed;
 * 'perCase' also each case's verdict, time and memory, which tells a student which hidden case
 * failed. Inputs and outputs of hidden cases are never shown.
 */
export const HIDDEN_CASE_RESULTS = ['total', 'perCase'] as const;
export type HiddenCaseResults = (typeof HIDDEN_CASE_RESULTS)[number];
export const DEFAULT_HIDDEN_CASE_RESULTS: HiddenCaseResults = 'total';
