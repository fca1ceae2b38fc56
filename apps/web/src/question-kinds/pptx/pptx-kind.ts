import { officeKind } from '../shared/office-kind';

/** A presentation (PPTX) made from the start file, evaluated against the solution file. */
export const pptxKind = officeKind('pptx');
