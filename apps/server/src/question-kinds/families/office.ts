import type { ServerQuestionKind } from '../question-kinds.types.js';
import { basePlayerPart } from '../scoring.js';
import { evaluatedKind } from './evaluated.js';

/** An office kind: the player gets the start file; the office evaluator scores the document. */
export const officeKind = (): ServerQuestionKind =>
  evaluatedKind('office', (question) => ({ ...basePlayerPart(question), startFileUrl: question.startFileUrl }));
