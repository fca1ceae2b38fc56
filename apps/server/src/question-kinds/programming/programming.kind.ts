import { evaluatedKind } from '../families/evaluated.js';
import { basePlayerPart } from '../scoring.js';

/** A program run in the sandbox: the player gets the statement's settings and sample cases, never the hidden ones. */
export const programmingServerKind = evaluatedKind('runner', (question) => ({
  ...basePlayerPart(question),
  questionDetails: question.programming
    ? {
        codeStubs: question.programming.codeStubs,
        allowedLanguages: question.programming.allowedLanguages,
        inputFormat: question.programming.inputFormat,
        outputFormat: question.programming.outputFormat,
        constraints: question.programming.constraints,
        timeLimitMs: question.programming.timeLimitMs,
        memoryLimitMb: question.programming.memoryLimitMb,
      }
    : null,
  sampleInputOutputs: question.sampleCases.map((c) => ({ inputData: c.input, outputData: c.output })),
}));
