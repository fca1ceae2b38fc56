import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { lazyNamed } from '../lazy';
import { notAvailableRoutes } from './not-available-route';

const StaffHomeRedirect = lazyNamed(() => import('../layouts/staff-home-redirect'), 'StaffHomeRedirect');

/**
 * Teacher and admin pages inside the shell (spec 000 §2). /home opens the first page of the
 * (narrowed) menu; the others show "not available" until their feature lands here.
 */
export const staffRoutes: RouteObject[] = [
  { path: paths.staff.home.path, element: <StaffHomeRedirect /> },
  ...notAvailableRoutes([
    paths.staff.dashboard.path,
    paths.reports.report.path,
    paths.staff.metabase.path,
    paths.omrPdfUpload.path,
    paths.staff.examReport.path,
    paths.academy.management.path,
    paths.staff.testConfig.path,
    paths.staff.studentConfig.path,
    paths.staff.testSchedule.path,
    paths.staff.courseMapping.path,
    paths.staff.courseUpload.path,
    paths.staff.resourceUpload.path,
    paths.staff.resetStudentPassword.path,
    paths.staff.courseConfig.path,
    paths.staff.roleConfig.path,
    paths.courseSchedule.path,
    paths.reports.eisDashboard.path,
    paths.contactUs.path,
  ]),
];
