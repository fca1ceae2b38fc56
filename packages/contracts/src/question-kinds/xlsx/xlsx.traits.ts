import { OFFICE_TRAITS } from '../families/office.traits.js';

/** A spreadsheet, scored by the office evaluator. */
export const xlsxTraits = OFFICE_TRAITS;
