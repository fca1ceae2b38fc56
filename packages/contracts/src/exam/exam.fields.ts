import { z } from 'zod';
import { msg } from '../common/validation.js';
import { CONTENT_TYPES, QUESTION_DISPLAY_TYPES, QUESTION_TYPES } from './exam.constants.js';

/** Fields the exam's schemas share with others (office, runner, grading): no schema here depends on the kinds' registry. */
export const QuestionTypeSchema = z.enum(QUESTION_TYPES);
export const ContentTypeSchema = z.enum(CONTENT_TYPES);
export const QuestionDisplayTypeSchema = z.enum(QUESTION_DISPLAY_TYPES);

/** A fresh attempt's id (UUID). */
export const testSessionIdField = z
  .string(msg('testSessionRequired'))
  .trim()
  .min(1, msg('testSessionRequired'))
  .max(64, msg('testSessionInvalid'));
