import { officeKind } from '../families/office.js';
import { docxTraits } from './docx.traits.js';

/** Answered in a word-processor document, scored by the office evaluator against the solution's rubric. */
export const docxKind = officeKind('docx', docxTraits);
