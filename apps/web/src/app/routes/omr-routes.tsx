import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { OmrStudentPage } from '../pages/pages';

/** The SchoolStudent's OMR Upload (spec 000 §2): their own answer sheet, read and submitted. */
export const studentOmrRoutes: RouteObject[] = [{ path: paths.omrPdfUpload.path, element: <OmrStudentPage /> }];
