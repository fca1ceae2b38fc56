import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { ContactUsPage } from '../pages/pages';
import { HelpScreen } from '../../features/help/pages';
import { InstitutionReports, InstitutionSubjectDashboard } from '../../features/reports/family/pages';

/** Institution pages inside the shell (spec 000 §2); "/" leads to /reports. */
export const institutionRoutes: RouteObject[] = [
  { path: paths.institution.help.path, element: <HelpScreen /> },
  { path: paths.contactUs.path, element: <ContactUsPage /> },
  { path: paths.institution.reports.path, element: <InstitutionReports /> },
  { path: paths.institution.subjectDashboard.path, element: <InstitutionSubjectDashboard /> },
];
