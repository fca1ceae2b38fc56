import { officeKind } from '../families/office.js';
import { pptxTraits } from './pptx.traits.js';

/** Answered in a presentation, scored by the office evaluator against the solution's rubric. */
export const pptxKind = officeKind('pptx', pptxTraits);
