import { SUPPORTED_LANGUAGES, type Language } from '../common/constants.js';
import type { MessageKey } from '../common/messages.js';
import { CHOICE_QUESTION_TYPES, countBlanks, type QuestionType } from '../exam/exam.constants.js';
import { QUESTION_OPTIONS_MAX, QUESTION_OPTIONS_MIN } from './question-bank.constants.js';
import { OFFICE_KINDS } from '../office/office.constants.js';
import { OfficeRubricSchema } from '../office/office.schemas.js';

/** What the rules look at: a whole version (after an update is merged into the current one). */
export interface QuestionContentToCheck {
  defaultLanguage: Language;
  mediaUrl: string | null;
  lineNumber: number | null;
  programming: unknown;
  hiddenCases: unknown[];
  correctAnswerId: number | number[] | null;
  correctAnswerData: unknown[] | string | null;
  texts: Partial<Record<Language, { data: string; options: { answerID: number }[] }>>;
  /** An office question's rubric (JSON); a written answer's marking guide is free text. */
  rubric?: string | null;
}

const isChoice = (type: QuestionType) => (CHOICE_QUESTION_TYPES as readonly string[]).includes(type);

/**
 * The rules a version must meet for its kind, as field → message key (empty when it is valid).
 * Server and authoring screens share them, so a form shows what the server would refuse.
 */
export function checkQuestionContent(type: QuestionType, content: QuestionContentToCheck): Record<string, MessageKey> {
  const issues: Record<string, MessageKey> = {};
  const languages = SUPPORTED_LANGUAGES.filter((language) => content.texts[language]);
  if (!content.texts[content.defaultLanguage]) issues[`texts.${content.defaultLanguage}`] = 'questionTextRequired';

  if (isChoice(type)) {
    let ids: number[] | undefined;
    for (const language of languages) {
      const options = content.texts[language]!.options;
      const own = options.map((o) => o.answerID);
      if (options.length < QUESTION_OPTIONS_MIN || options.length > QUESTION_OPTIONS_MAX || new Set(own).size !== own.length) {
        issues[`texts.${language}.options`] = 'questionOptionsInvalid';
      } else if (ids && (own.length !== ids.length || own.some((id) => !ids!.includes(id)))) {
        issues[`texts.${language}.options`] = 'questionOptionIdsDiffer';
      }
      ids ??= own;
    }
    const key = content.correctAnswerId;
    const known = (id: number) => !!ids?.includes(id);
    const keyOk =
      type === 'multipleChoice'
        ? Array.isArray(key) && key.length > 0 && new Set(key).size === key.length && key.every(known)
        : typeof key === 'number' && known(key);
    if (!keyOk) issues.correctAnswerId = 'questionKeyInvalid';
    if ((type === 'image' || type === 'video') && !content.mediaUrl) issues.mediaUrl = 'questionMediaRequired';
  }

  if (type === 'text') {
    const counts = languages.map((language) => countBlanks(content.texts[language]!.data));
    const blanks = counts[0] ?? 0;
    const keyLength = Array.isArray(content.correctAnswerData) ? content.correctAnswerData.length : -1;
    if (blanks === 0 || counts.some((n) => n !== blanks) || keyLength !== blanks) issues.correctAnswerData = 'questionBlanksMismatch';
  }
  if (type === 'comprehensive' && !content.lineNumber) issues.lineNumber = 'questionLineLimitRequired';
  if (type === 'programming' && (!content.programming || content.hiddenCases.length === 0)) issues.programming = 'questionProgrammingRequired';
  // An office question's rubric, when there is one, is what the evaluator compares: it must read.
  if ((OFFICE_KINDS as readonly string[]).includes(type) && content.rubric) {
    let ok = false;
    try {
      const parsed = OfficeRubricSchema.safeParse(JSON.parse(content.rubric));
      ok = parsed.success && parsed.data.kind === type;
    } catch {
      ok = false;
    }
    if (!ok) issues.rubric = 'questionRubricInvalid';
  }
  return issues;
}
