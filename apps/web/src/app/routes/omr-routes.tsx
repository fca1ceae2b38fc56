import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { lazyNamed } from '../lazy';

const OmrStudentPage = lazyNamed(() => import('../pages/omr-student-page'), 'OmrStudentPage', ['omr']);

/** The SchoolStudent's OMR Upload (spec 000 §2): their own answer sheet, read and submitted. */
export const studentOmrRoutes: RouteObject[] = [{ path: paths.omrPdfUpload.path, element: <OmrStudentPage /> }];
