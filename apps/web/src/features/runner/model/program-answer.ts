import {
  RUN_PENDING,
  RUN_VERDICTS,
  type ProgrammingLanguage,
  type RunDetails,
  type RunResultDesc,
  type RunType,
} from '@app/contracts';
import { isProgrammingLanguage } from './languages';

/** The answer handed to the player (spec 001 §3 Programming answer). */
export interface ProgramAnswer {
  sourceCode: string;
  programmingLanguageMasterID: ProgrammingLanguage;
  /** JSON of StoredRunResult, or null before any run. */
  resultDesc: string | null;
  runID: string | null;
  statusCode: string | null;
  questionID: number;
}

/** What is kept in resultDesc: the runner's result plus whether it was a Run or a Submit. */
export type StoredRunResult = RunResultDesc & { type: RunType };

/** The answer store takes at most this much resultDesc (contracts: ProgrammingAnswerSchema). */
export const STORED_RESULT_MAX_CHARS = 20_000;

/**
 * resultDesc for the saved answer: the whole result when it fits, else without the program's
 * output (verdicts, times and memory only), else nothing.
 */
export function storedResultDesc(type: RunType, result: RunResultDesc | null): string | null {
  if (!result) return null;
  const full = JSON.stringify({ ...result, type });
  if (full.length <= STORED_RESULT_MAX_CHARS) return full;
  const compact = JSON.stringify({
    type,
    verdict: result.verdict,
    passed: result.passed,
    total: result.total,
    ...(result.message ? { message: result.message.slice(0, 2_000) } : {}),
    cases: result.cases.map(({ index, verdict, passed, timeMs, memoryKb }) => ({ index, verdict, passed, timeMs, memoryKb })),
  });
  return compact.length <= STORED_RESULT_MAX_CHARS ? compact : null;
}

export function toProgramAnswer(input: {
  questionID: number;
  sourceCode: string;
  language: ProgrammingLanguage;
  type: RunType;
  details: RunDetails | null;
}): ProgramAnswer {
  const { details } = input;
  return {
    sourceCode: input.sourceCode,
    programmingLanguageMasterID: input.language,
    resultDesc: details ? storedResultDesc(input.type, details.resultDesc) : null,
    runID: details?.runID ?? null,
    statusCode: details?.statusCode ?? null,
    questionID: input.questionID,
  };
}

/** The player's saved answer of a programming question, if it is one. */
export function readSavedAnswer(answerData: unknown): ProgramAnswer | null {
  if (!answerData || typeof answerData !== 'object' || Array.isArray(answerData)) return null;
  const data = answerData as Record<string, unknown>;
  if (typeof data.sourceCode !== 'string' || !isProgrammingLanguage(data.programmingLanguageMasterID)) return null;
  return {
    sourceCode: data.sourceCode,
    programmingLanguageMasterID: data.programmingLanguageMasterID,
    resultDesc: typeof data.resultDesc === 'string' ? data.resultDesc : null,
    runID: data.runID === null || data.runID === undefined ? null : String(data.runID),
    statusCode: typeof data.statusCode === 'string' ? data.statusCode : null,
    questionID: typeof data.questionID === 'number' ? data.questionID : 0,
  };
}

/** The stored result of a saved answer, when it can be read. */
export function readStoredResult(answer: ProgramAnswer | null): StoredRunResult | null {
  if (!answer?.resultDesc) return null;
  try {
    const parsed = JSON.parse(answer.resultDesc) as Partial<StoredRunResult>;
    if (!parsed || typeof parsed !== 'object' || !Array.isArray(parsed.cases) || typeof parsed.verdict !== 'string') return null;
    return { ...parsed, type: parsed.type === 'submit' ? 'submit' : 'run' } as StoredRunResult;
  } catch {
    return null;
  }
}

/**
 * Submit-and-advance reuses the saved answer when the same program in the same language was
 * already submitted and judged (spec 001 §4). A pending or internally failed submission is run again.
 */
export function canReuseSubmission(saved: ProgramAnswer | null, sourceCode: string, language: ProgrammingLanguage): boolean {
  if (!saved || !saved.runID || saved.sourceCode !== sourceCode || saved.programmingLanguageMasterID !== language) return false;
  if (!saved.statusCode || saved.statusCode === RUN_PENDING || saved.statusCode === 'IE') return false;
  if (!(RUN_VERDICTS as readonly string[]).includes(saved.statusCode)) return false;
  return readStoredResult(saved)?.type === 'submit';
}
