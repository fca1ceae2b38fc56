import { officeKind } from '../families/office.js';
import { xlsxTraits } from './xlsx.traits.js';

/** Answered in a spreadsheet, scored by the office evaluator against the solution's rubric. */
export const xlsxKind = officeKind('xlsx', xlsxTraits);
