import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Hub from '@mui/icons-material/Hub';
import Lan from '@mui/icons-material/Lan';
import Quiz from '@mui/icons-material/Quiz';
import Settings from '@mui/icons-material/Settings';
import UploadFile from '@mui/icons-material/UploadFile';
import { paths } from '../../config/paths';
import type { StaffPage } from '../../config/staff-page';

/** The back-office pages app/ composes from several features (docs/architecture.md, "Adding a staff page"). */
export const staffPages: StaffPage[] = [
  // Titled by the academy's own screens (courses, topics, tasks).
  {
    path: paths.academy.management.path,
    load: () => import('./content-management-page').then((m) => m.ContentManagementPage),
    namespaces: ['academy', 'dataTable'],
    nav: { title: 'contentManagement', texts: { en: 'Content Management', tn: 'உள்ளடக்க மேலாண்மை' } },
  },
  {
    path: paths.staff.courseUpload.path,
    load: () => import('./course-upload-page').then((m) => m.CourseUploadPage),
    namespaces: ['academy'],
    title: { key: 'courseUpload', texts: { en: 'Course Upload', tn: 'பாடநெறிப் பதிவேற்றம்' } },
    nav: { title: 'courseUpload', texts: { en: 'Course Upload', tn: 'பாடப் பதிவேற்றம்' }, icon: { name: 'upload_file', svg: UploadFile } },
  },
  {
    path: paths.staff.resourceUpload.path,
    load: () => import('./resource-upload-page').then((m) => m.ResourceUploadPage),
    namespaces: ['academy', 'dataTable'],
    title: { key: 'resourceUpload', texts: { en: 'Resource Upload', tn: 'வளப் பதிவேற்றம்' } },
    nav: { title: 'resourceUpload', texts: { en: 'Resource Upload', tn: 'வளப் பதிவேற்றம்' }, icon: { name: 'cloud_upload', svg: CloudUpload } },
  },
  // School students upload theirs at the same address (app/routes/omr-routes.tsx).
  {
    path: paths.omrPdfUpload.path,
    load: () => import('./omr-upload-page').then((m) => m.OmrUploadPage),
    namespaces: ['omr'],
    nav: { title: 'omrPdfUpload', texts: { en: 'OMR PDF Upload', tn: 'OMR PDF பதிவேற்றம்' } },
  },
  // The students' feedback report has the same address (app/routes/exam-routes.tsx).
  {
    path: paths.reports.report.path,
    load: () => import('./staff-report-page').then((m) => m.StaffReportPage),
    namespaces: ['grading', 'staffReports', 'dataTable'],
  },
  {
    path: paths.staff.examReport.path,
    load: () => import('./exam-report-page').then((m) => m.ExamReportPage),
    namespaces: ['exam', 'proctoring', 'staffReports', 'dataTable', 'challenges'],
    title: { key: 'examReport', texts: { en: 'Exam report', tn: 'தேர்வு அறிக்கை' } },
    nav: { title: 'examReport', texts: { en: 'Exam Report', tn: 'தேர்வு அறிக்கை' } },
  },
  {
    path: paths.staff.testConfig.path,
    load: () => import('./test-config-page').then((m) => m.TestConfigPage),
    namespaces: ['testConfig', 'questionKinds', 'dataTable'],
    title: { key: 'testConfig', texts: { en: 'Test configuration', tn: 'தேர்வு அமைப்பு' } },
    nav: { title: 'testConfiguration', texts: { en: 'Test Configuration', tn: 'தேர்வு அமைப்பு' }, icon: { name: 'settings', svg: Settings } },
  },
  {
    path: paths.staff.questionBank.path,
    load: () => import('./question-bank-page').then((m) => m.QuestionBankPage),
    namespaces: ['questionBank', 'questionKinds', 'exam', 'dataTable', 'form'],
    title: { key: 'questionBank', texts: { en: 'Question bank', tn: 'கேள்வி வங்கி' } },
    nav: { title: 'questionBank', texts: { en: 'Question Bank', tn: 'கேள்வி வங்கி' }, icon: { name: 'quiz', svg: Quiz } },
  },
  {
    path: paths.staff.roleConfig.path,
    load: () => import('./role-config-page').then((m) => m.RoleConfigPage),
    namespaces: ['roles', 'audit', 'dataTable'],
    title: { key: 'roleConfig', texts: { en: 'Role Configuration', tn: 'பங்கு அமைப்பு' } },
    nav: { title: 'roleConfiguration', texts: { en: 'Role Configuration', tn: 'பங்கு அமைப்பு' }, icon: { name: 'admin_panel_settings', svg: AdminPanelSettings } },
  },
  {
    path: paths.staff.examCentres.path,
    load: () => import('./exam-centres-page').then((m) => m.ExamCentresPage),
    namespaces: ['centre', 'dataTable'],
    title: { key: 'examCentres', texts: { en: 'Exam centres', tn: 'தேர்வு மையங்கள்' } },
    nav: { title: 'examCentres', texts: { en: 'Exam Centres', tn: 'தேர்வு மையங்கள்' }, icon: { name: 'hub', svg: Hub } },
  },
  {
    path: paths.staff.centre.path,
    load: () => import('./exam-centres-page').then((m) => m.CentrePage),
    namespaces: ['centre'],
    title: { key: 'centre', texts: { en: 'Exam centre', tn: 'தேர்வு மையம்' } },
    nav: { title: 'centre', texts: { en: 'Exam Centre', tn: 'தேர்வு மையம்' }, icon: { name: 'lan', svg: Lan } },
  },
  {
    path: paths.staff.centreRoom.path,
    load: () => import('./exam-centres-page').then((m) => m.CentreRoomPage),
    namespaces: ['centre', 'dataTable'],
    title: { key: 'centreRoom', texts: { en: 'Invigilator’s dashboard', tn: 'கண்காணிப்பாளர் பலகை' } },
  },
  // The institution's account opens it too (app/routes/institution-routes.tsx).
  {
    path: paths.contactUs.path,
    load: () => import('./contact-us-page').then((m) => m.ContactUsPage),
    namespaces: ['support', 'dataTable', 'form'],
  },
];
