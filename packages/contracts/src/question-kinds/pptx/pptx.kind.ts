import { officeKind } from '../families/office.js';

/** Answered in a presentation, scored by the office evaluator against the solution's rubric. */
export const pptxKind = officeKind('pptx');
