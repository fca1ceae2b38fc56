import type { KindContent, KindPreview, UnscoredVerdict } from '../kind';
import { isAnswered, type PlayerQuestion } from './player-question';

/** The content of a kind with no key, settings or cases of its own. */
export const NO_KIND_CONTENT: KindContent = {
  allowsPartialCredit: false,
  numericTolerance: null,
  lineNumber: null,
  programming: null,
  sampleCases: [],
  hiddenCases: [],
  startFileUrl: null,
  correctAnswerId: null,
  correctAnswerData: null,
  rubric: null,
};

export const NO_KIND_PREVIEW: KindPreview = { answer: [] };

/** An answered question the server could not score yet is awaiting evaluation; otherwise skipped. */
export const answeredOrSkipped = (question: PlayerQuestion): UnscoredVerdict => (isAnswered(question) ? 'awaitingEvaluation' : 'skipped');

export const noOptions = () => [];
export const noFormValues = () => ({});
export const noIssues = () => ({});

export const trimmedOrNull = (value: string) => (value.trim() ? value.trim() : null);
export const numberOrNull = (value: string) => (value.trim() === '' || !Number.isFinite(Number(value)) ? null : Number(value));
