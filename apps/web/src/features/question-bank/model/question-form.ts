import {
  checkQuestionContent,
  CHOICE_QUESTION_TYPES,
  CONTENT_TYPES,
  countBlanks,
  DifficultySchema,
  msg,
  OFFICE_QUESTION_TYPES,
  PROGRAMMING_LANGUAGES,
  QUESTION_OPTIONS_MAX,
  QUESTION_TAGS_MAX,
  QuestionTypeSchema,
  SUPPORTED_LANGUAGES,
  type AuthoringQuestion,
  type CreateQuestionBody,
  type Language,
  type MessageKey,
  type QuestionType,
  type UpdateQuestionBody,
} from '@app/contracts';
import { z } from 'zod';

/**
 * The question editor's values. Options are one list shared by both languages (the same ids in
 * each, as the server requires); blanks carry their alternatives as one `|`-separated text.
 */
export interface QuestionTextValues {
  isEnabled: boolean;
  title: string;
  data: string;
  answerTitle: string;
  hint: string;
  instructions: string;
  explanation: string;
}

export interface OptionValues {
  answerID: number;
  en: string;
  tn: string;
}

export interface BlankValues {
  value: string;
  /** Other accepted answers, separated by |. */
  alternatives: string;
  /** Empty for an exact answer. */
  tolerance: string;
}

export interface CaseValues {
  input: string;
  output: string;
}

export interface QuestionFormValues {
  questionType: QuestionType;
  difficulty: 'easy' | 'medium' | 'hard';
  topicIds: number[];
  tags: string[];
  defaultLanguage: Language;
  contentType: (typeof CONTENT_TYPES)[number];
  mediaUrl: string;
  marks: number;
  negativeMarks: number;
  allowsPartialCredit: boolean;
  /** Empty for none. */
  numericTolerance: string;
  /** Empty for none. */
  lineNumber: string;
  texts: Record<Language, QuestionTextValues>;
  options: OptionValues[];
  /** The correct options' ids (one for single choice). */
  correct: number[];
  blanks: BlankValues[];
  /** A written answer's model answer. */
  modelAnswer: string;
  /** Worked solution, reference program or office solution file (staff only). */
  solution: string;
  /** How a written answer is marked (staff only). */
  rubric: string;
  programming: {
    inputFormat: string;
    outputFormat: string;
    constraints: string;
    allowedLanguages: string[];
    /** Starting code per language. */
    codeStubs: Record<string, string>;
    timeLimitMs: number;
    memoryLimitMb: number;
    hiddenCaseResults: 'total' | 'perCase';
  };
  sampleCases: CaseValues[];
  hiddenCases: CaseValues[];
  startFileUrl: string;
  changeNote: string;
}

export const isChoiceType = (type: QuestionType) => (CHOICE_QUESTION_TYPES as readonly string[]).includes(type);
export const isOfficeType = (type: QuestionType) => (OFFICE_QUESTION_TYPES as readonly string[]).includes(type);

const emptyText = (isEnabled: boolean): QuestionTextValues => ({
  isEnabled,
  title: '',
  data: '',
  answerTitle: '',
  hint: '',
  instructions: '',
  explanation: '',
});

export function emptyQuestionForm(questionType: QuestionType = 'singleChoice'): QuestionFormValues {
  return {
    questionType,
    difficulty: 'medium',
    topicIds: [],
    tags: [],
    defaultLanguage: 'en',
    contentType: 'text',
    mediaUrl: '',
    marks: 1,
    negativeMarks: 0,
    allowsPartialCredit: false,
    numericTolerance: '',
    lineNumber: '',
    texts: { en: emptyText(true), tn: emptyText(false) },
    options: [1, 2, 3, 4].map((answerID) => ({ answerID, en: '', tn: '' })),
    correct: [],
    blanks: [],
    modelAnswer: '',
    solution: '',
    rubric: '',
    programming: {
      inputFormat: '',
      outputFormat: '',
      constraints: '',
      allowedLanguages: ['*'],
      codeStubs: {},
      timeLimitMs: 2000,
      memoryLimitMb: 256,
      hiddenCaseResults: 'total',
    },
    sampleCases: [],
    hiddenCases: [],
    startFileUrl: '',
    changeNote: '',
  };
}

/** The id for a new option: one more than the largest. */
export function nextOptionId(options: readonly OptionValues[]): number {
  return options.reduce((max, option) => Math.max(max, option.answerID), 0) + 1;
}

/** Blanks resized to the statement's {0} markers (the default language's), keeping those typed. */
export function blanksForStatement(statement: string, blanks: readonly BlankValues[]): BlankValues[] {
  const count = countBlanks(statement);
  return Array.from({ length: count }, (_, i) => blanks[i] ?? { value: '', alternatives: '', tolerance: '' });
}

const trimmedOrNull = (value: string) => (value.trim() ? value.trim() : null);
const numberOrNull = (value: string) => (value.trim() === '' || !Number.isFinite(Number(value)) ? null : Number(value));
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
    options: isChoiceType(values.questionType) ? values.options.map((option) => ({ answerID: option.answerID, answerData: option[language] })) : [],
  };
}

/** The versioned content and classification of the create and update calls. */
function contentBody(values: QuestionFormValues) {
  const type = values.questionType;
  const isChoice = isChoiceType(type);
  let correctAnswerData: CreateQuestionBody['correctAnswerData'] = null;
  if (type === 'text')
    correctAnswerData = values.blanks.map((blank) => {
      const alternatives = blank.alternatives.split('|').map((a) => a.trim()).filter(Boolean);
      const tolerance = numberOrNull(blank.tolerance);
      return { value: blank.value.trim(), ...(alternatives.length ? { alternatives } : {}), ...(tolerance !== null ? { tolerance } : {}) };
    });
  if (type === 'comprehensive') correctAnswerData = trimmedOrNull(values.modelAnswer);
  const isProgramming = type === 'programming';
  return {
    contentType: authoredContentType(values.contentType),
    mediaUrl: trimmedOrNull(values.mediaUrl),
    defaultLanguage: values.defaultLanguage,
    marks: values.marks,
    negativeMarks: values.negativeMarks,
    allowsPartialCredit: type === 'multipleChoice' && values.allowsPartialCredit,
    numericTolerance: type === 'text' ? numberOrNull(values.numericTolerance) : null,
    lineNumber: type === 'comprehensive' ? numberOrNull(values.lineNumber) : null,
    programming: isProgramming
      ? {
          ...values.programming,
          allowedLanguages: values.programming.allowedLanguages as Array<(typeof PROGRAMMING_LANGUAGES)[number] | '*'>,
          codeStubs: Object.fromEntries(Object.entries(values.programming.codeStubs).filter(([, code]) => code.trim())),
        }
      : null,
    sampleCases: isProgramming ? values.sampleCases : [],
    hiddenCases: isProgramming ? values.hiddenCases : [],
    startFileUrl: isOfficeType(type) ? trimmedOrNull(values.startFileUrl) : null,
    correctAnswerId: isChoice ? (type === 'multipleChoice' ? [...values.correct] : (values.correct[0] ?? null)) : null,
    correctAnswerData,
    solution: trimmedOrNull(values.solution),
    // A written answer's marking rubric, or what an office question's evaluator compares.
    rubric: type === 'comprehensive' || isOfficeType(type) ? trimmedOrNull(values.rubric) : null,
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
  const optionIds = [...new Set(SUPPORTED_LANGUAGES.flatMap((language) => version.texts[language]?.options.map((o) => o.answerID) ?? []))];
  const optionText = (language: Language, id: number) => version.texts[language]?.options.find((o) => o.answerID === id)?.answerData ?? '';
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
    options: isChoiceType(question.questionType) ? optionIds.map((answerID) => ({ answerID, en: optionText('en', answerID), tn: optionText('tn', answerID) })) : base.options,
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
  };
}

/** Where the server's rule fields point in the form. */
function formPath(field: string, values: QuestionFormValues): string {
  if (field === 'correctAnswerId') return 'correct';
  if (field === 'correctAnswerData') return values.questionType === 'comprehensive' ? 'modelAnswer' : 'blanks';
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
  if (isChoiceType(values.questionType)) {
    if (values.options.length > QUESTION_OPTIONS_MAX) issues.options = 'questionOptionsInvalid';
    values.options.forEach((option, index) => {
      for (const language of enabledLanguages(values))
        if (!option[language].trim()) issues[`options.${index}.${language}`] = 'questionOptionsInvalid';
    });
    if (values.correct.length === 0) issues.correct = 'questionKeyInvalid';
  }
  if (values.questionType === 'text') {
    values.blanks.forEach((blank, index) => {
      if (!blank.value.trim()) issues[`blanks.${index}.value`] = 'questionBlanksMismatch';
      if (blank.tolerance.trim() && !(Number(blank.tolerance) >= 0)) issues[`blanks.${index}.tolerance`] = 'questionBlanksMismatch';
    });
  }
  if (values.questionType === 'comprehensive' && values.lineNumber.trim() && !(Number.isInteger(Number(values.lineNumber)) && Number(values.lineNumber) >= 1 && Number(values.lineNumber) <= 500))
    issues.lineNumber = 'questionLineLimitRequired';
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
