import { OFFICE_TRAITS } from '../families/office.traits.js';

/** A word-processor document, scored by the office evaluator. */
export const docxTraits = OFFICE_TRAITS;
