import type { OfficeRunDetails } from '@app/contracts';

/** An evaluation's result as the player stores it with the answer (spec 001 §3 Office evaluation result). */
export interface OfficeAnswer {
  percentage: number;
  unmatched: string[];
  runID: string;
  path: string;
}

/** resultDesc is JSON text of {percentage, unmatched}; anything else reads as no result. */
export function parseResultDesc(resultDesc: string | null): { percentage: number; unmatched: string[] } | null {
  if (!resultDesc) return null;
  try {
    const value = JSON.parse(resultDesc) as { percentage?: unknown; unmatched?: unknown };
    if (typeof value.percentage !== 'number' || !Number.isFinite(value.percentage)) return null;
    const unmatched = Array.isArray(value.unmatched) ? value.unmatched.filter((item): item is string => typeof item === 'string') : [];
    return { percentage: Math.min(100, Math.max(0, value.percentage)), unmatched };
  } catch {
    return null;
  }
}

/** The answer saved with the question, when it is an office result (its unmatched items in the interface's language when saved in it). */
export function readSavedResult(answerData: unknown, language = 'en'): OfficeAnswer | null {
  if (!answerData || typeof answerData !== 'object' || Array.isArray(answerData)) return null;
  const value = answerData as Partial<OfficeAnswer> & { unmatchedTn?: unknown };
  if (typeof value.percentage !== 'number') return null;
  const unmatched = language === 'tn' && Array.isArray(value.unmatchedTn) ? value.unmatchedTn : value.unmatched;
  return {
    percentage: value.percentage,
    unmatched: Array.isArray(unmatched) ? unmatched.filter((item): item is string => typeof item === 'string') : [],
    runID: String(value.runID ?? ''),
    path: String(value.path ?? ''),
  };
}

export type FailedStatus = Exclude<OfficeRunDetails['statusCode'], 'PE' | 'EV'>;
