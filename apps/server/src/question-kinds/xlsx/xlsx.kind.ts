import { officeKind } from '../families/office.js';

export const xlsxServerKind = officeKind();
