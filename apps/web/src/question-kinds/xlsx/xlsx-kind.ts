import { officeKind } from '../shared/office-kind';

/** A spreadsheet (XLSX) made from the start file, evaluated against the solution file. */
export const xlsxKind = officeKind('xlsx');
