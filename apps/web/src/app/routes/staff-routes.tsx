import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { lazyNamed } from '../lazy';
import { notAvailableRoutes } from './not-available-route';
import { STAFF_PATHS } from '../../config/role-paths';

const StaffHomeRedirect = lazyNamed(() => import('../layouts/staff-home-redirect'), 'StaffHomeRedirect', ['staffMessages']);
const ContentManagementPage = lazyNamed(() => import('../pages/content-management-page'), 'ContentManagementPage', ['academy', 'dataTable', 'staffMessages']);
const CourseUploadPage = lazyNamed(() => import('../pages/course-upload-page'), 'CourseUploadPage', ['academy', 'staffMessages']);
const ResourceUploadPage = lazyNamed(() => import('../pages/resource-upload-page'), 'ResourceUploadPage', ['academy', 'dataTable', 'staffMessages']);
const OmrUploadPage = lazyNamed(() => import('../pages/omr-upload-page'), 'OmrUploadPage', ['omr', 'staffMessages']);
const TestScheduleScreen = lazyNamed(() => import('../../features/schedules/components/test-schedule-screen'), 'TestScheduleScreen', ['schedules', 'dataTable', 'form', 'staffMessages']);
const CourseMappingScreen = lazyNamed(() => import('../../features/schedules/components/course-mapping-screen'), 'CourseMappingScreen', ['schedules', 'dataTable', 'form', 'staffMessages']);
const CourseScheduleScreen = lazyNamed(() => import('../../features/schedules/components/course-schedule-screen'), 'CourseScheduleScreen', ['schedules', 'dataTable', 'form', 'staffMessages']);
const StaffReportPage = lazyNamed(() => import('../pages/staff-report-page'), 'StaffReportPage', ['grading', 'staffReports', 'dataTable', 'staffMessages']);
const ExamReportPage = lazyNamed(() => import('../pages/exam-report-page'), 'ExamReportPage', ['exam', 'proctoring', 'staffReports', 'dataTable', 'staffMessages', 'challenges']);
const StaffDashboardScreen = lazyNamed(() => import('../../features/reports/staff/components/staff-dashboard'), 'StaffDashboardScreen', ['staffReports', 'staffMessages']);
const TestConfigPage = lazyNamed(() => import('../pages/test-config-page'), 'TestConfigPage', ['testConfig', 'questionKinds', 'dataTable', 'staffMessages']);
const StudentConfigScreen = lazyNamed(() => import('../../features/students/components/student-config-screen'), 'StudentConfigScreen', ['students', 'dataTable', 'staffMessages']);
const ResetStudentPasswordScreen = lazyNamed(() => import('../../features/students/components/reset-password-screen'), 'ResetStudentPasswordScreen', ['students', 'staffMessages']);
const QuestionBankPage = lazyNamed(() => import('../pages/question-bank-page'), 'QuestionBankPage', ['questionBank', 'questionKinds', 'exam', 'dataTable', 'form', 'staffMessages']);
const RoleConfigPage = lazyNamed(() => import('../pages/role-config-page'), 'RoleConfigPage', ['roles', 'audit', 'dataTable', 'staffMessages']);
const BiReports = lazyNamed(() => import('../../features/reports/family/components/bi-reports'), 'BiReports', ['familyReports', 'staffMessages']);
const StaffEisDashboard = lazyNamed(() => import('../../features/reports/family/components/staff-eis'), 'StaffEisDashboard', ['familyReports', 'staffMessages']);
const ExamCentresPage = lazyNamed(() => import('../pages/exam-centres-page'), 'ExamCentresPage', ['centre', 'dataTable', 'staffMessages']);
const CentrePage = lazyNamed(() => import('../pages/exam-centres-page'), 'CentrePage', ['centre', 'staffMessages']);
const CentreRoomPage = lazyNamed(() => import('../pages/exam-centres-page'), 'CentreRoomPage', ['centre', 'dataTable', 'staffMessages']);
const ItemCalibrationScreen = lazyNamed(() => import('../../features/psychometrics/components/item-calibration-screen'), 'ItemCalibrationScreen', ['psychometrics', 'dataTable', 'staffMessages']);
const ContactUsPage = lazyNamed(() => import('../pages/contact-us-page'), 'ContactUsPage', ['support', 'dataTable', 'form', 'staffMessages']);

/** Staff pages built so far, one entry per page (spec 000 §2). */
const builtRoutes: RouteObject[] = [
  { path: paths.staff.dashboard.path, element: <StaffDashboardScreen /> },
  { path: paths.staff.testConfig.path, element: <TestConfigPage /> },
  { path: paths.academy.management.path, element: <ContentManagementPage /> },
  { path: paths.staff.resourceUpload.path, element: <ResourceUploadPage /> },
  { path: paths.staff.testSchedule.path, element: <TestScheduleScreen /> },
  { path: paths.staff.courseMapping.path, element: <CourseMappingScreen /> },
  { path: paths.courseSchedule.path, element: <CourseScheduleScreen /> },
  { path: paths.reports.report.path, element: <StaffReportPage /> },
  { path: paths.staff.examReport.path, element: <ExamReportPage /> },
  { path: paths.staff.studentConfig.path, element: <StudentConfigScreen /> },
  { path: paths.staff.resetStudentPassword.path, element: <ResetStudentPasswordScreen /> },
  { path: paths.staff.courseUpload.path, element: <CourseUploadPage /> },
  { path: paths.staff.questionBank.path, element: <QuestionBankPage /> },
  { path: paths.staff.roleConfig.path, element: <RoleConfigPage /> },
  { path: paths.staff.examCentres.path, element: <ExamCentresPage /> },
  { path: paths.staff.centre.path, element: <CentrePage /> },
  { path: paths.staff.centreRoom.path, element: <CentreRoomPage /> },
  { path: paths.contactUs.path, element: <ContactUsPage /> },
  { path: paths.omrPdfUpload.path, element: <OmrUploadPage /> },
  { path: paths.staff.metabase.path, element: <BiReports /> },
  { path: paths.reports.eisDashboard.path, element: <StaffEisDashboard /> },
  // Course configuration is Content Management's work (courses, topics, lessons, tests).
  { path: paths.staff.courseConfig.path, element: <Navigate to={paths.academy.management.getHref()} replace /> },
];

/**
 * Teacher and admin pages inside the shell (spec 000 §2). /home opens the first page of the
 * (narrowed) menu; a path of the route set without a page yet shows "not available".
 */
export const staffRoutes: RouteObject[] = [
  { path: paths.staff.home.path, element: <StaffHomeRedirect /> },
  ...builtRoutes,
  ...notAvailableRoutes(STAFF_PATHS.filter((path) => path !== paths.staff.home.path && !builtRoutes.some((route) => route.path === path))),
];

/** Administrators: the staff pages and the tools only their routes answer (item calibration). */
export const adminRoutes: RouteObject[] = [{ path: paths.staff.itemCalibration.path, element: <ItemCalibrationScreen /> }, ...staffRoutes];
