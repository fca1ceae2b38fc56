import { OFFICE_TRAITS } from '../families/office.traits.js';

/** A slide deck, scored by the office evaluator. */
export const pptxTraits = OFFICE_TRAITS;
