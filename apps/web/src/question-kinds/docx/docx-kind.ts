import { officeKind } from '../shared/office-kind';

/** A document (DOCX) made from the start file, evaluated against the solution file. */
export const docxKind = officeKind('docx');
