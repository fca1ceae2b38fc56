import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { lazyNamed } from '../lazy';

const HelpScreen = lazyNamed(() => import('../../features/help/components/help-screen'), 'HelpScreen', ['help']);
const InstitutionReports = lazyNamed(() => import('../../features/reports/family/components/institution-reports'), 'InstitutionReports', ['reports', 'familyReports']);
const InstitutionSubjectDashboard = lazyNamed(() => import('../../features/reports/family/components/institution-reports'), 'InstitutionSubjectDashboard', ['reports', 'familyReports']);
const ContactUsPage = lazyNamed(() => import('../pages/contact-us-page'), 'ContactUsPage', ['support', 'dataTable', 'form']);

/** Institution pages inside the shell (spec 000 §2); "/" leads to /reports. */
export const institutionRoutes: RouteObject[] = [
  { path: paths.institution.help.path, element: <HelpScreen /> },
  { path: paths.contactUs.path, element: <ContactUsPage /> },
  { path: paths.institution.reports.path, element: <InstitutionReports /> },
  { path: paths.institution.subjectDashboard.path, element: <InstitutionSubjectDashboard /> },
];
