/** The exam's plain values, without schemas (the player imports them; see exam.endpoints.ts). */

// The kinds and their lists live in the question-kind registry (question-kinds/); the kind names are re-exported here.
export { QUESTION_TYPES, type QuestionType } from '../question-kinds/question-kinds.constants.js';
export { BLANK_MARKER, blankId, countBlanks } from '../question-kinds/text/text.blanks.js';

/** How a question body is presented. */
export const CONTENT_TYPES = ['text', 'html', 'image', 'video'] as const;

/** Task layout (spec 001 §2: vertical or horizontal). */
export const QUESTION_DISPLAY_TYPES = ['vertical', 'horizontal'] as const;

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
