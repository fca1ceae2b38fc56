/** The question bank's plain values. */

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Who owns a question: the author's institute, or the client (a library every institute of it reads). */
export const QUESTION_OWNER_KINDS = ['institute', 'client'] as const;
export type QuestionOwnerKind = (typeof QUESTION_OWNER_KINDS)[number];

export const QUESTION_OPTIONS_MIN = 2;
export const QUESTION_OPTIONS_MAX = 10;
export const QUESTION_TAGS_MAX = 20;
export const QUESTION_TOPICS_MAX = 20;
export const QUESTION_LIST_PAGE_SIZE_MAX = 100;
