/** The question bank's plain values. */

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Who owns a question: the author's institute, or the client (a library every institute of it reads). */
export const QUESTION_OWNER_KINDS = ['institute', 'client'] as const;
export type QuestionOwnerKind = (typeof QUESTION_OWNER_KINDS)[number];

export const QUESTION_OPTIONS_MIN = 2;
export const QUESTION_OPTIONS_MAX = 10;
/** A language's options as stored: a choice kind's (at most QUESTION_OPTIONS_MAX), an ordering question's items (its kind allows 10) or a matching question's two lists and four codes. */
export const QUESTION_TEXT_OPTIONS_MAX = 24;
export const QUESTION_TAGS_MAX = 20;
export const QUESTION_TOPICS_MAX = 20;
export const QUESTION_LIST_PAGE_SIZE_MAX = 100;
/** The list's "used in" filter: questions placed in at least one test, or in none. */
export const QUESTION_USAGE_FILTERS = ['used', 'unused'] as const;

/** Files the importer reads; the format is found from the content, whatever the file is called. */
export const QUESTION_IMPORT_FORMATS = ['moodleXml', 'gift', 'aiken', 'csv', 'xlsx'] as const;
export type QuestionImportFormat = (typeof QUESTION_IMPORT_FORMATS)[number];
/** allOrNothing: any invalid question keeps the file out; validOnly: the valid ones are imported, the rest listed. */
export const QUESTION_IMPORT_MODES = ['allOrNothing', 'validOnly'] as const;
export type QuestionImportMode = (typeof QUESTION_IMPORT_MODES)[number];
/** Files the exporter writes; each re-imports without loss, GIFT what it carries (the question, its key and topic; not marks, difficulty or Tamil). */
export const QUESTION_EXPORT_FORMATS = ['moodleXml', 'gift', 'csv', 'xlsx'] as const;
export type QuestionExportFormat = (typeof QUESTION_EXPORT_FORMATS)[number];
/** The template's example file comes in the two spreadsheet formats. */
export const QUESTION_TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;

export const QUESTION_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const QUESTION_IMPORT_MAX_ITEMS = 2000;
export const QUESTION_EXPORT_MAX_ITEMS = 2000;
