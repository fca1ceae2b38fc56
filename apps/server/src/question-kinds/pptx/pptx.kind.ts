import { officeKind } from '../families/office.js';

export const pptxServerKind = officeKind();
