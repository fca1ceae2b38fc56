import { officeKind } from '../families/office.js';

export const docxServerKind = officeKind();
