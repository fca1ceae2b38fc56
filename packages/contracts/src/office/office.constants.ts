/** The office evaluator's plain values, without schemas (the player imports them). */

/** Office question kinds, and the officeTypeID the player sends for each (spec 001 §7 runOffice). */
export const OFFICE_KINDS = ['xlsx', 'docx', 'pptx'] as const;
export type OfficeKind = (typeof OFFICE_KINDS)[number];
export const OFFICE_TYPE_IDS: Record<OfficeKind, number> = { xlsx: 1, docx: 2, pptx: 3 };

export const OFFICE_CONTENT_TYPES: Record<OfficeKind, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Largest office file a student (or an author) may upload, in bytes. */
export const OFFICE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Polling of an evaluation (spec 001 §9): retry cap, interval, and the countdown shown while it runs. */
export const OFFICE_POLL_RETRY_CAP = 20;
export const OFFICE_POLL_INTERVAL_MS = 3000;
export const OFFICE_EVAL_COUNTDOWN_SECONDS = 15;

/** Evaluations one student may have pending at once; more are refused with OFFICE_TOO_MANY_PENDING. */
export const OFFICE_MAX_PENDING_PER_USER = 2;
/** Evaluations one student may start per minute. */
export const OFFICE_RUN_RATE_PER_MINUTE = 20;

/**
 * Evaluation status codes. PE while pending; then one of:
 * EV evaluated (resultDesc holds the percentage and the unmatched items, whatever the score),
 * FE the saved file could not be evaluated (damaged, encrypted, too large once unpacked, or not
 * of this question), TLE the evaluation took too long, IE internal error (the evaluator failed).
 */
export const OFFICE_RUN_PENDING = 'PE';
export const OFFICE_RUN_OUTCOMES = ['EV', 'FE', 'TLE', 'IE'] as const;
export type OfficeRunOutcome = (typeof OFFICE_RUN_OUTCOMES)[number];
export type OfficeRunStatusCode = typeof OFFICE_RUN_PENDING | OfficeRunOutcome;

/** Where the working copy's current bytes came from. */
export const OFFICE_FILE_ORIGINS = ['start', 'upload', 'editor', 'documentServer'] as const;
export type OfficeFileOrigin = (typeof OFFICE_FILE_ORIGINS)[number];

/**
 * The checks a rubric can hold, per kind (what is compared between the student's file and the
 * solution). A rubric is drafted from the solution file and edited by the author.
 */
export const OFFICE_CHECK_TYPES = {
  xlsx: ['sheetName', 'cellValue', 'formula', 'functionUsed', 'absoluteRef', 'numberFormat', 'cellStyle', 'chart'],
  docx: ['text', 'heading', 'paragraphStyle', 'runFormat', 'alignment', 'list', 'table', 'image', 'pageSetup'],
  pptx: ['slideCount', 'slideTitle', 'slideLayout', 'bullets', 'picture', 'table', 'notes'],
} as const;
export type OfficeCheckType =
  | (typeof OFFICE_CHECK_TYPES.xlsx)[number]
  | (typeof OFFICE_CHECK_TYPES.docx)[number]
  | (typeof OFFICE_CHECK_TYPES.pptx)[number];
export const ALL_OFFICE_CHECK_TYPES = [
  ...OFFICE_CHECK_TYPES.xlsx,
  ...OFFICE_CHECK_TYPES.docx,
  ...OFFICE_CHECK_TYPES.pptx,
] as const;

/** Score colours of the RESULT popup (spec 001 §2): green above 80, orange above 50, else red. */
export function officeScoreColour(percentage: number): 'green' | 'orange' | 'red' {
  return percentage > 80 ? 'green' : percentage > 50 ? 'orange' : 'red';
}

/** The document property (docProps/custom.xml) that stamps a working copy with its attempt and question. */
export const OFFICE_STAMP_PROPERTY = 'NeetPrepOfficeStamp';
