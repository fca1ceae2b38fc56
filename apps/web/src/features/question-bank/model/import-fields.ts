import type { questionBankLocales } from '../locales';

type FieldName = Exclude<keyof (typeof questionBankLocales)['en']['fields'], 'inLanguage'>;
/** The language texts' fields the pattern below names. */
type TextFieldName = 'data' | 'options' | 'title' | 'hint' | 'explanation' | 'instructions' | 'answerTitle';

/**
 * A field of an import message (the create call's path, e.g. `texts.tn.options` or `correct`) as
 * a `questionBank:fields.*` key and its language, so the preview names it in the UI's language;
 * null for a field with no name of its own (shown as given).
 */
export function importFieldKey(field: string): { key: `fields.${FieldName}`; language?: 'en' | 'tn' } | null {
  // `texts.options` (no language): a file's lists or options as a whole, e.g. a matching question's.
  const text = /^texts(?:\.(en|tn))?(?:\.(data|options|title|hint|explanation|instructions|answerTitle))?(?:\.\d+.*)?$/.exec(field);
  if (text && (text[1] || text[2]))
    return { key: `fields.${(text[2] as TextFieldName | undefined) ?? 'data'}`, ...(text[1] ? { language: text[1] as 'en' | 'tn' } : {}) };
  const base = field.split('.')[0]!;
  const known: Record<string, FieldName> = {
    correct: 'correct',
    correctAnswerId: 'correct',
    correctAnswerData: 'answers',
    questionType: 'kind',
    kind: 'kind',
    topics: 'topics',
    topic: 'topics',
    topicIds: 'topics',
    tags: 'tags',
    difficulty: 'difficulty',
    marks: 'marks',
    negativeMarks: 'negativeMarks',
    negative_marks: 'negativeMarks',
    mediaUrl: 'mediaUrl',
    media_url: 'mediaUrl',
    lineNumber: 'lineNumber',
    line_limit: 'lineNumber',
    numericTolerance: 'numericTolerance',
    programming: 'programming',
    picture: 'mediaUrl',
  };
  return known[base] ? { key: `fields.${known[base]}` } : null;
}
