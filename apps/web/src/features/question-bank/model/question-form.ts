import {
  checkQuestionContent,
  DifficultySchema,
  msg,
  QUESTION_TAGS_MAX,
  QuestionTypeSchema,
  SUPPORTED_LANGUAGES,
  type AuthoringQuestion,
  type CreateQuestionBody,
  type Language,
  type MessageKey,
  type UpdateQuestionBody,
} from '@app/contracts';
import { z } from 'zod';
import { emptyQuestionForm, emptyText, questionKind, type QuestionFormValues } from '../../../question-kinds';

// The editor's values and their parts are the kinds' (each kind's fields edit them).
export type { BlankValues, CaseValues, OptionValues, QuestionFormValues, QuestionTextValues } from '../../../question-kinds';
export { emptyQuestionForm } from '../../../question-kinds';
export { nextOptionId } from '../../../question-kinds/shared/form-values';
export { blanksForStatement } from '../../../question-kinds/text/blank-values';

const trimmedOrNull = (value: string) => (value.trim() ? value.trim() : null);
const enabledLanguages = (values: QuestionFormValues) => SUPPORTED_LANGUAGES.filter((language) => values.texts[language].isEnabled);

function textBody(values: QuestionFormValues, language: Language) {
  const text = values.texts[language];
  return {
    title: text.title.trim(),
    data: text.data,
    answerTitle: trimmedOrNull(text.answerTitle),
    hint: trimmedOrNull(text.hint),
    instructions: trimmedOrNull(text.instructions),
    explanation: trimmedOrNull(text.explanation),
    options: questionKind(values.questionType).form.options(values, language),
  };
}

/** The versioned content and classification of the create and update calls (the kind's part from its registry entry). */
function contentBody(values: QuestionFormValues) {
  const kind = questionKind(values.questionType).form.content(values);
  return {
    contentType: authoredContentType(values.contentType),
    mediaUrl: trimmedOrNull(values.mediaUrl),
    defaultLanguage: values.defaultLanguage,
    marks: values.marks,
    negativeMarks: values.negativeMarks,
    allowsPartialCredit: kind.allowsPartialCredit,
    ...(kind.marking !== undefined ? { marking: kind.marking } : {}),
    numericTolerance: kind.numericTolerance,
    lineNumber: kind.lineNumber,
    programming: kind.programming,
    sampleCases: kind.sampleCases,
    hiddenCases: kind.hiddenCases,
    startFileUrl: kind.startFileUrl,
    correctAnswerId: kind.correctAnswerId,
    correctAnswerData: kind.correctAnswerData,
    solution: trimmedOrNull(values.solution),
    // A written answer's marking rubric, or what an office question's evaluator compares.
    rubric: kind.rubric,
    difficulty: values.difficulty,
    topicIds: values.topicIds,
    tags: values.tags,
  };
}

export function toCreateBody(values: QuestionFormValues): CreateQuestionBody {
  const texts: CreateQuestionBody['texts'] = {};
  for (const language of enabledLanguages(values)) texts[language] = textBody(values, language);
  return { ...contentBody(values), questionType: values.questionType, texts, changeNote: trimmedOrNull(values.changeNote) ?? undefined };
}

/** An update replaces every field; a language switched off is removed (null). */
export function toUpdateBody(values: QuestionFormValues, questionId: number, expectedVersion: number): UpdateQuestionBody {
  const texts: NonNullable<UpdateQuestionBody['texts']> = {};
  for (const language of SUPPORTED_LANGUAGES) texts[language] = values.texts[language].isEnabled ? textBody(values, language) : null;
  return { ...contentBody(values), questionId, expectedVersion, texts, changeNote: trimmedOrNull(values.changeNote) ?? undefined };
}

/** The editor's values for a question as the server holds it (the shown version). */
export function fromAuthoring(question: AuthoringQuestion): QuestionFormValues {
  const version = question.version;
  const base = emptyQuestionForm(question.questionType);
  const texts = { ...base.texts };
  for (const language of SUPPORTED_LANGUAGES) {
    const text = version.texts[language];
    texts[language] = text
      ? {
          isEnabled: true,
          title: text.title,
          data: text.data,
          answerTitle: text.answerTitle ?? '',
          hint: text.hint ?? '',
          instructions: text.instructions ?? '',
          explanation: text.explanation ?? '',
        }
      : emptyText(false);
  }
  const key = version.correctAnswerId;
  return {
    ...base,
    difficulty: question.difficulty,
    topicIds: question.topics.map((topic) => topic.topicId),
    tags: [...question.tags],
    defaultLanguage: version.defaultLanguage,
    contentType: version.contentType,
    mediaUrl: version.mediaUrl ?? '',
    marks: version.marks,
    negativeMarks: version.negativeMarks,
    allowsPartialCredit: version.allowsPartialCredit,
    numericTolerance: version.numericTolerance === null ? '' : String(version.numericTolerance),
    lineNumber: version.lineNumber === null ? '' : String(version.lineNumber),
    texts,
    correct: key === null ? [] : Array.isArray(key) ? [...key] : [key],
    blanks: Array.isArray(version.correctAnswerData)
      ? version.correctAnswerData.map((blank) => ({
          value: blank.value,
          alternatives: (blank.alternatives ?? []).join(' | '),
          tolerance: blank.tolerance === undefined ? '' : String(blank.tolerance),
        }))
      : [],
    modelAnswer: typeof version.correctAnswerData === 'string' ? version.correctAnswerData : '',
    solution: version.solution ?? '',
    rubric: version.rubric ?? '',
    programming: version.programming
      ? {
          inputFormat: version.programming.inputFormat,
          outputFormat: version.programming.outputFormat,
          constraints: version.programming.constraints,
          allowedLanguages: [...version.programming.allowedLanguages],
          codeStubs: { ...version.programming.codeStubs },
          timeLimitMs: version.programming.timeLimitMs,
          memoryLimitMb: version.programming.memoryLimitMb,
          hiddenCaseResults: version.programming.hiddenCaseResults ?? 'total',
        }
      : base.programming,
    sampleCases: version.sampleCases.map((c) => ({ ...c })),
    hiddenCases: version.hiddenCases.map((c) => ({ ...c })),
    startFileUrl: version.startFileUrl ?? '',
    changeNote: '',
    ...questionKind(question.questionType).form.fromAuthoring(question),
  };
}

/** Where the server's rule fields point in the form. */
function formPath(field: string, values: QuestionFormValues): string {
  if (field === 'correctAnswerId') return 'correct';
  if (field === 'correctAnswerData') return questionKind(values.questionType).form.keyDataField;
  if (/^texts\.(en|tn)\.options$/.test(field)) return 'options';
  if (/^texts\.(en|tn)$/.test(field)) return `${field}.data`;
  return field;
}

/**
 * The editor's rules, as form field → message key (empty when the question can be saved): the
 * server's own rules for the kind (shared from the contracts), then what only a form can get
 * wrong — an empty option in a language that is on, a {0} count that differs between languages.
 */
export function checkQuestionForm(values: QuestionFormValues): Record<string, MessageKey> {
  const body = toCreateBody(values);
  const issues: Record<string, MessageKey> = {};
  const serverIssues = checkQuestionContent(values.questionType, {
    defaultLanguage: values.defaultLanguage,
    mediaUrl: body.mediaUrl ?? null,
    lineNumber: body.lineNumber ?? null,
    programming: body.programming ?? null,
    hiddenCases: body.hiddenCases ?? [],
    correctAnswerId: body.correctAnswerId ?? null,
    correctAnswerData: (body.correctAnswerData as unknown[] | string | null | undefined) ?? null,
    texts: Object.fromEntries(Object.entries(body.texts).map(([language, text]) => [language, { data: text!.data, options: text!.options ?? [] }])),
  });
  for (const [field, key] of Object.entries(serverIssues)) issues[formPath(field, values)] ??= key;

  for (const language of enabledLanguages(values)) {
    if (!values.texts[language].data.trim()) issues[`texts.${language}.data`] = 'questionStatementRequired';
  }
  if (enabledLanguages(values).length === 0) issues[`texts.${values.defaultLanguage}.data`] = 'questionTextRequired';
  Object.assign(issues, questionKind(values.questionType).form.check(values, enabledLanguages(values)));
  if (values.tags.length > QUESTION_TAGS_MAX) issues.tags = 'questionTagInvalid';
  return issues;
}

/** The form's schema: the contracts' field schemas, then the editor's rules as issues on their fields. */
export const questionFormSchema = z
  .object({
    questionType: QuestionTypeSchema,
    difficulty: DifficultySchema,
    marks: z.number(msg('marksInvalid')).min(0, msg('marksInvalid')).max(1000, msg('marksInvalid')),
    negativeMarks: z.number(msg('marksInvalid')).min(0, msg('marksInvalid')).max(1000, msg('marksInvalid')),
    tags: z.array(z.string().trim().min(1, msg('questionTagInvalid')).max(60, msg('questionTagInvalid'))),
  })
  .passthrough()
  .superRefine((values, ctx) => {
    for (const [path, key] of Object.entries(checkQuestionForm(values as unknown as QuestionFormValues)))
      ctx.addIssue({ code: 'custom', path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), message: key });
  });

/**
 * The statement and options are written in the rich-text editor, which gives HTML: a question
 * saved from this form is shown as HTML ("text" was the plain text of imported files).
 */
export function authoredContentType(contentType: QuestionFormValues['contentType']): QuestionFormValues['contentType'] {
  return contentType === 'text' ? 'html' : contentType;
}
