import { SUPPORTED_LANGUAGES } from '../common/constants.js';
import type { MessageKey } from '../common/message-key.js';
import { QUESTION_KINDS } from '../question-kinds/index.js';
import type { QuestionContentToCheck } from '../question-kinds/question-kinds.types.js';
import type { QuestionType } from '../question-kinds/question-kinds.constants.js';

export type { QuestionContentToCheck } from '../question-kinds/question-kinds.types.js';

/**
 * The rules a version must meet for its kind, as field → message key (empty when it is valid).
 * Server and authoring screens share them, so a form shows what the server would refuse. The
 * text in the default language is every kind's rule; the rest is the kind's own (its folder in
 * question-kinds/).
 */
export function checkQuestionContent(type: QuestionType, content: QuestionContentToCheck): Record<string, MessageKey> {
  const issues: Record<string, MessageKey> = {};
  const languages = SUPPORTED_LANGUAGES.filter((language) => content.texts[language]);
  if (!content.texts[content.defaultLanguage]) issues[`texts.${content.defaultLanguage}`] = 'questionTextRequired';
  QUESTION_KINDS[type].checkContent(content, issues, { languages });
  return issues;
}
