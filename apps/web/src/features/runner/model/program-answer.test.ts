import type { RunDetails, RunResultDesc } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  canReuseSubmission,
  readSavedAnswer,
  readStoredResult,
  STORED_RESULT_MAX_CHARS,
  storedResultDesc,
  toProgramAnswer,
  type ProgramAnswer,
} from './program-answer';

const result: RunResultDesc = {
  verdict: 'AC',
  passed: 2,
  total: 2,
  cases: [
    { index: 0, verdict: 'AC', passed: true, timeMs: 10, memoryKb: 800 },
    { index: 1, verdict: 'AC', passed: true, timeMs: 11, memoryKb: 810 },
  ],
};

function submitted(overrides: Partial<ProgramAnswer> = {}): ProgramAnswer {
  return {
    sourceCode: 'print(sum(map(int, input().split())))\n',
    programmingLanguageMasterID: 'Python',
    resultDesc: storedResultDesc('submit', result),
    runID: 'run-9',
    statusCode: 'AC',
    questionID: 7,
    ...overrides,
  };
}

describe('canReuseSubmission (submit-and-advance)', () => {
  const code = 'print(sum(map(int, input().split())))\n';

  it('reuses a judged submission of the same program and language', () => {
    expect(canReuseSubmission(submitted(), code, 'Python')).toBe(true);
    expect(canReuseSubmission(submitted({ statusCode: 'WA' }), code, 'Python')).toBe(true);
  });

  it('runs again when the program or the language changed', () => {
    expect(canReuseSubmission(submitted(), `${code} `, 'Python')).toBe(false);
    expect(canReuseSubmission(submitted(), code, 'Ruby')).toBe(false);
  });

  it('runs again when the saved answer came from a Run, not a Submit', () => {
    expect(canReuseSubmission(submitted({ resultDesc: storedResultDesc('run', result) }), code, 'Python')).toBe(false);
  });

  it('runs again when the submission is pending, failed inside the runner, or never ran', () => {
    expect(canReuseSubmission(submitted({ statusCode: 'PE' }), code, 'Python')).toBe(false);
    expect(canReuseSubmission(submitted({ statusCode: 'IE' }), code, 'Python')).toBe(false);
    expect(canReuseSubmission(submitted({ runID: null }), code, 'Python')).toBe(false);
    expect(canReuseSubmission(null, code, 'Python')).toBe(false);
  });
});

describe('storedResultDesc', () => {
  it('keeps the whole result with its kind when it fits', () => {
    const text = storedResultDesc('run', { ...result, cases: [{ ...result.cases[0]!, stdout: '5\n', input: '2 3\n' }] });
    expect(JSON.parse(text!)).toMatchObject({ type: 'run', verdict: 'AC', cases: [{ stdout: '5\n', input: '2 3\n' }] });
  });

  it('drops the program output when the result is too long for the answer store', () => {
    const big = { ...result, cases: [{ ...result.cases[0]!, stdout: 'x'.repeat(STORED_RESULT_MAX_CHARS) }] };
    const text = storedResultDesc('run', big)!;
    expect(text.length).toBeLessThanOrEqual(STORED_RESULT_MAX_CHARS);
    expect(JSON.parse(text)).toEqual({ type: 'run', verdict: 'AC', passed: 2, total: 2, cases: [{ index: 0, verdict: 'AC', passed: true, timeMs: 10, memoryKb: 800 }] });
  });
});

describe('toProgramAnswer and readSavedAnswer', () => {
  it('builds the answer the player saves and reads it back', () => {
    const details: RunDetails = { runID: 'run-3', statusCode: 'WA', type: 'submit', languageID: 'C', questionID: 7, sourceCode: 'int main(){}', resultDesc: { ...result, verdict: 'WA', passed: 1 } };
    const answer = toProgramAnswer({ questionID: 7, sourceCode: 'int main(){}', language: 'C', type: 'submit', details });
    expect(answer).toMatchObject({ sourceCode: 'int main(){}', programmingLanguageMasterID: 'C', runID: 'run-3', statusCode: 'WA', questionID: 7 });
    const saved = readSavedAnswer(JSON.parse(JSON.stringify(answer)));
    expect(saved).toEqual(answer);
    expect(readStoredResult(saved)).toMatchObject({ type: 'submit', verdict: 'WA', passed: 1 });
  });

  it('ignores answers that are not programs', () => {
    expect(readSavedAnswer('text answer')).toBeNull();
    expect(readSavedAnswer([{ id: '1-0', value: 'x' }])).toBeNull();
    expect(readSavedAnswer({ sourceCode: 'x', programmingLanguageMasterID: 'Go' })).toBeNull();
  });
});
