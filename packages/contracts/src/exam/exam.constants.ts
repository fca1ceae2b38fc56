/** The exam's plain values, without schemas (the player imports them; see exam.endpoints.ts). */

/**
 * Question kinds (spec 001 §3). `text` is fill-in-the-blank ({0} markers in questionData);
 * `video` and `image` questions show a video or picture and are answered by choosing one option;
 * `comprehensive` is a line-limited written answer marked by a teacher.
 */
export const QUESTION_TYPES = [
  'singleChoice',
  'multipleChoice',
  'text',
  'comprehensive',
  'video',
  'image',
  'programming',
  'xlsx',
  'docx',
  'pptx',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const CHOICE_QUESTION_TYPES = ['singleChoice', 'multipleChoice', 'video', 'image'] as const satisfies readonly QuestionType[];
export const OFFICE_QUESTION_TYPES = ['xlsx', 'docx', 'pptx'] as const satisfies readonly QuestionType[];
/** Scored by an evaluation (the code runner or the office evaluator), never by the client. */
export const EVALUATED_QUESTION_TYPES = ['programming', 'xlsx', 'docx', 'pptx'] as const satisfies readonly QuestionType[];

/** How a question body is presented. */
export const CONTENT_TYPES = ['text', 'html', 'image', 'video'] as const;

/** Task layout (spec 001 §2: vertical or horizontal). */
export const QUESTION_DISPLAY_TYPES = ['vertical', 'horizontal'] as const;

/** The marker for one blank in questionData; the n-th marker's blank id is `${questionID}-${n}`. */
export const BLANK_MARKER = '{0}';
export function countBlanks(questionData: string): number {
  return questionData.split(BLANK_MARKER).length - 1;
}
export function blankId(questionID: number, index: number): string {
  return `${questionID}-${index}`;
}

/** The player's local state is kept for resume; bounded so it cannot fill the database. */
export const LOCAL_STATE_MAX_CHARS = 200_000;

/** A JPEG frame, as a data URL; the server checks the bytes, not just the prefix. */
export const PHOTO_MAX_CHARS = 2_000_000;

export const REPORT_TYPES = [
  'SectionWiseCourse',
  'QuestionWiseAnalysisBar',
  'QuestionWiseAnalysisPie',
  'TopicsToImprove',
  'QuestionsAttempted',
  'TopicsWiseAnalysis',
  'QuestionWiseAnalysis',
  'QuestionsWithAnswer',
  'MarkScored',
] as const;

export const ANSWER_STATUSES = ['correct', 'partial', 'wrong', 'unanswered', 'pending'] as const;

// ---------- The live exam room ----------

/** A student is "active" with a save or a clock sync seen within this many seconds. */
export const LIVE_ACTIVE_SECONDS = 60;
/** How often the live room asks again (polling; see decision 026). */
export const LIVE_ROOM_POLL_MS = 5_000;
/** How often a running player asks the server for its remaining time (an extension reaches it). */
export const EXAM_CLOCK_SYNC_MS = 15_000;
export const SUPERVISE_MAX_MINUTES = 600;
