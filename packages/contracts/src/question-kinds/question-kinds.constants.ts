/**
 * Question kinds (spec 001 §3). `text` is fill-in-the-blank ({0} markers in questionData);
 * `video` and `image` questions show a video or picture and are answered by choosing one option;
 * `comprehensive` is a line-limited written answer marked by a teacher; `assertionReason` is NEET's
 * assertion and reason with four generated options; `matching` matches list I with list II. Each kind's behaviour is
 * one folder beside this file, joined in the registry (`index.ts`).
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
  'assertionReason',
  'numerical',
  'matching',
  'ordering',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
