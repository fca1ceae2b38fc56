import { z } from 'zod';
import type { MessageKey } from '../../common/message-key.js';
import type { OfficeKind } from '../../office/office.constants.js';
import { OfficeRubricSchema } from '../../office/office.schemas.js';
import { OfficeResultSchema } from './office-result.js';
import type { QuestionContentToCheck, QuestionKindContract, QuestionKindTraits } from '../question-kinds.types.js';

/** A marker once the document is handed in (or null), and the evaluator's result. */
const OFFICE_ANSWER_SCHEMA = z.object({ answerID: z.string().max(100).nullable(), answerData: OfficeResultSchema.nullable().optional() });
/** The solution file and the rubric drafted from it are the key. */
const OFFICE_KEY_SCHEMA = z.object({ solution: z.string().nullable(), rubric: z.string().nullable() });
const OFFICE_SETTINGS_SCHEMA = z.object({ startFileUrl: z.string().max(2000).nullable() });
/** The starting file the student opens. */
const OFFICE_PLAYER_SCHEMA = z.object({ startFileUrl: z.string().nullable() });

/** An office question's rubric, when there is one, is what the evaluator compares: it must read, and be for this kind. */
function checkRubric(kind: OfficeKind, content: QuestionContentToCheck, issues: Record<string, MessageKey>): void {
  if (!content.rubric) return;
  let ok = false;
  try {
    const parsed = OfficeRubricSchema.safeParse(JSON.parse(content.rubric));
    ok = parsed.success && parsed.data.kind === kind;
  } catch {
    ok = false;
  }
  if (!ok) issues.rubric = 'questionRubricInvalid';
}

/** The contract of one office kind (they differ only in the document they expect). */
export function officeKind<Traits extends QuestionKindTraits>(kind: OfficeKind, traits: Traits) {
  return {
    traits,
    answerSchema: OFFICE_ANSWER_SCHEMA,
    keySchema: OFFICE_KEY_SCHEMA,
    settingsSchema: OFFICE_SETTINGS_SCHEMA,
    playerSchema: OFFICE_PLAYER_SCHEMA,
    checkContent: (content, issues) => checkRubric(kind, content, issues),
  } satisfies QuestionKindContract;
}
