import type { ServerRole } from '../centre/centre.schemas.js';
import type { Role } from '../common/roles.js';

/**
 * Navigation tables of spec 000 §2 and §6. `auth` lists the roles that see an item; an item
 * without `auth` is visible to all; an empty list only to users with no role requirement.
 */
export interface NavItem {
  id: string;
  /** i18n key under `nav.` */
  title: string;
  url: string;
  icon: string;
  auth?: readonly Role[];
  /** Teacher menus are narrowed by the server's permission tabs (TabName). */
  tabName?: string;
  /** Shown only on a server of this role (exam centres, docs/centre.md); hidden while the role is unknown. */
  serverRole?: ServerRole;
}

const STUDENT_MENU: NavItem[] = [
  { id: 'profile', title: 'profile', url: '/profile', icon: 'person' },
  { id: 'academy', title: 'academy', url: '/academy/courses', icon: 'school' },
  { id: 'reports', title: 'reportsAnalytics', url: '/overall-dashboard', icon: 'insights' },
  { id: 'todo', title: 'todo', url: '/todo/all', icon: 'checklist' },
  { id: 'notes', title: 'notes', url: '/notes', icon: 'note' },
  { id: 'bookmarks', title: 'bookmarks', url: '/bookmark', icon: 'bookmark' },
  { id: 'notebook', title: 'notebook', url: '/notebook', icon: 'menu_book' },
  { id: 'adaptive', title: 'adaptive', url: '/adaptive', icon: 'track_changes' },
];

const SCHOOL_STUDENT_MENU: NavItem[] = [
  { id: 'profile', title: 'profile', url: '/profile', icon: 'person' },
  { id: 'academy', title: 'academy', url: '/academy/courses', icon: 'school' },
  { id: 'reports', title: 'reports', url: '/subject-dashboard', icon: 'insights' },
  { id: 'calender', title: 'calender', url: '/calender', icon: 'calendar' },
  { id: 'notes', title: 'notes', url: '/notes', icon: 'note' },
  { id: 'bookmarks', title: 'bookmarks', url: '/bookmark', icon: 'bookmark' },
  { id: 'notebook', title: 'notebook', url: '/notebook', icon: 'menu_book' },
  { id: 'adaptive', title: 'adaptive', url: '/adaptive', icon: 'track_changes' },
  { id: 'omrUpload', title: 'omrUpload', url: '/omrPdfUpload', icon: 'upload' },
];

const TEACHER_MENU: NavItem[] = [
  { id: 'dashboard', title: 'dashboard', url: '/dashboard', icon: 'dashboard', tabName: 'Dashboard' },
  { id: 'reports', title: 'reports', url: '/report?tab=Comprehensive', icon: 'insights', tabName: 'Reports' },
  { id: 'metabase', title: 'biReports', url: '/metabase', icon: 'bar_chart', tabName: 'BI Reports' },
  { id: 'omrPdfUpload', title: 'omrPdfUpload', url: '/omrPdfUpload', icon: 'upload', tabName: 'OMR PDF Upload' },
  { id: 'examReport', title: 'examReport', url: '/examReport', icon: 'assessment', tabName: 'Exam Report' },
  { id: 'content', title: 'contentManagement', url: '/academy/courses', icon: 'school', tabName: 'Content Management' },
  // The question bank belongs to Content Management: the same tab narrows both items.
  { id: 'questionbank', title: 'questionBank', url: '/questionbank', icon: 'quiz', tabName: 'Content Management' },
  { id: 'testconfig', title: 'testConfiguration', url: '/testconfig', icon: 'settings', tabName: 'Test Configuration' },
  { id: 'studentconfig', title: 'studentConfiguration', url: '/studentconfig', icon: 'people', tabName: 'Student Configuration' },
  { id: 'testschedule', title: 'testSchedule', url: '/testschedule', icon: 'event', tabName: 'Test Schedule' },
  { id: 'coursemapping', title: 'courseMapping', url: '/coursemapping', icon: 'link', tabName: 'Course Mapping' },
  { id: 'courseupload', title: 'courseUpload', url: '/courseupload', icon: 'upload_file', tabName: 'Course Upload' },
  { id: 'resourceupload', title: 'resourceUpload', url: '/resourceupload', icon: 'cloud_upload', tabName: 'Resource Upload' },
  { id: 'resetstudentpassword', title: 'resetStudentPassword', url: '/resetstudentpassword', icon: 'lock_reset', tabName: 'Reset Student Password' },
  // Exam centres (decision 080): on the central server, pairing and invigilator codes (administrators,
  // and staff given the tab); on an exam centre's own server, its staged exams and the room.
  { id: 'centres', title: 'examCentres', url: '/centres', icon: 'hub', tabName: 'Exam Centres', serverRole: 'central' },
  { id: 'centre', title: 'centre', url: '/centre', icon: 'lan', tabName: 'Exam Centre', serverRole: 'centre' },
  { id: 'contactus', title: 'contactUs', url: '/contactus', icon: 'contact_support', tabName: 'Contact Us' },
];

const ADMIN_EXTRA: NavItem[] = [
  { id: 'roleconfig', title: 'roleConfiguration', url: '/roleconfig', icon: 'admin_panel_settings', tabName: 'Role Configuration' },
  { id: 'courseschedule', title: 'courseSchedule', url: '/courseschedule', icon: 'schedule', tabName: 'Course Schedule' },
  // Item calibration (issue 36): the administrators' tool, as its routes allow.
  { id: 'itemcalibration', title: 'itemCalibration', url: '/item-calibration', icon: 'tune', auth: ['ClientAdmin', 'InstituteAdmin'] },
];

const INSTITUTION_MENU: NavItem[] = [
  { id: 'reports', title: 'reports', url: '/reports', icon: 'insights' },
  { id: 'help', title: 'help', url: '/help', icon: 'help' },
  { id: 'contactus', title: 'contactUs', url: '/contactus', icon: 'contact_support' },
];

const PARENT_MENU: NavItem[] = [
  { id: 'home', title: 'home', url: '/parent/home', icon: 'home' },
  { id: 'activity', title: 'activity', url: '/parent/activity', icon: 'timeline' },
  { id: 'dashboard', title: 'dashboard', url: '/parent/dashboard', icon: 'dashboard' },
  { id: 'report', title: 'report', url: '/parent/report', icon: 'assessment' },
  { id: 'summaryReport', title: 'summaryReport', url: '/parent/summary', icon: 'summarize' },
];

const adminMenu = [...TEACHER_MENU.slice(0, -1), ...ADMIN_EXTRA, TEACHER_MENU[TEACHER_MENU.length - 1]!];

export const MENUS: Record<Role, NavItem[]> = {
  Student: STUDENT_MENU,
  SchoolStudent: SCHOOL_STUDENT_MENU,
  Teacher: TEACHER_MENU,
  SchoolTeacher: TEACHER_MENU,
  ClientAdmin: adminMenu,
  InstituteAdmin: adminMenu,
  Institution: INSTITUTION_MENU,
  Parent: PARENT_MENU,
};

/** Spec 000 §2: the Profile item is hidden for SchoolStudent, SchoolTeacher and Teacher. */
const PROFILE_HIDDEN_FOR: readonly Role[] = ['SchoolStudent', 'SchoolTeacher', 'Teacher'];

/** The landing route after sign-in (spec 000 §4). */
export function homeRouteFor(role: Role): string {
  switch (role) {
    case 'Institution':
      return '/reports';
    case 'Parent':
      return '/parent/home';
    default:
      return '/academy/courses';
  }
}

/**
 * The menu a user sees. Teacher menus are narrowed to the server's permission tabs; the last
 * item (Contact Us) is always kept. Items of one server role show only once that role is known.
 */
export function menuFor(role: Role, permittedTabs?: readonly string[], serverRole?: ServerRole): NavItem[] {
  let items = MENUS[role].filter((item) => !(item.id === 'profile' && PROFILE_HIDDEN_FOR.includes(role)));
  items = items.filter((item) => !item.auth || item.auth.includes(role));
  items = items.filter((item) => !item.serverRole || item.serverRole === serverRole);
  if (permittedTabs && (role === 'Teacher' || role === 'SchoolTeacher')) {
    const last = items[items.length - 1];
    items = items.filter((item) => item === last || !item.tabName || permittedTabs.includes(item.tabName));
  }
  return items;
}
