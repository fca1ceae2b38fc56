import type { Role } from '../common/roles.js';

/**
 * The permission catalogue: every tab of the staff menu (its TabName, as in spec 000 §4 and
 * teacher/v1/getUserInfo) with the actions it covers. A role's configuration per client is a set
 * of these actions (table role_permissions); a tab is shown when the role holds any of its
 * actions, and a route that names an action answers 403 to a role without it.
 */
export const PERMISSION_TABS = [
  { tabName: 'Dashboard', url: '/dashboard', actions: ['dashboard.view'] },
  // The Reports page's Comprehensive tab is where written answers are marked.
  { tabName: 'Reports', url: '/report?tab=Comprehensive', actions: ['reports.view', 'grading.viewPending', 'grading.mark'] },
  { tabName: 'BI Reports', url: '/metabase', actions: ['reports.bi'] },
  { tabName: 'OMR PDF Upload', url: '/omrPdfUpload', actions: ['omr.upload'] },
  // Per-exam reports, with the proctoring camera frames of each attempt and the live exam room
  // (watching a running test; extending, reopening or submitting a student's attempt).
  { tabName: 'Exam Report', url: '/examReport', actions: ['reports.exam', 'proctoring.viewFrames', 'exam.supervise'] },
  { tabName: 'Content Management', url: '/academy/courses', actions: ['academy.manage'] },
  { tabName: 'Test Configuration', url: '/testconfig', actions: ['academy.configureTests'] },
  // Student accounts, including the one-time sign-in links staff hand to a student.
  { tabName: 'Student Configuration', url: '/studentconfig', actions: ['students.manage', 'auth.createLoginLink'] },
  { tabName: 'Test Schedule', url: '/testschedule', actions: ['schedules.manage'] },
  { tabName: 'Course Mapping', url: '/coursemapping', actions: ['academy.mapCourses'] },
  { tabName: 'Course Upload', url: '/courseupload', actions: ['academy.uploadCourses'] },
  { tabName: 'Resource Upload', url: '/resourceupload', actions: ['academy.uploadResources'] },
  { tabName: 'Reset Student Password', url: '/resetstudentpassword', actions: ['students.resetPassword'] },
  // Administrators' own items: roles and class assignments, the audit log, the Contact Us inbox.
  { tabName: 'Role Configuration', url: '/roleconfig', actions: ['roles.manage', 'audit.view', 'support.inbox'] },
  { tabName: 'Course Schedule', url: '/courseschedule', actions: ['schedules.courses'] },
  // Exam centres (docs/centre.md), on the central server: pairing codes, invigilator codes, the
  // centres' sync and a damaged attempt asked for again; on a centre server, pairing it.
  { tabName: 'Exam Centres', url: '/centres', actions: ['centre.manage'] },
  // On a centre server: its staged exams (staging, unlocking, sync) and the invigilator's dashboard.
  { tabName: 'Exam Centre', url: '/centre', actions: ['centre.invigilate'] },
  // Messages to the institute's administrators (the staff menu's last item, so it is never hidden).
  { tabName: 'Contact Us', url: '/contactus', actions: ['support.contact'] },
] as const;

export type PermissionTabName = (typeof PERMISSION_TABS)[number]['tabName'];
export type Permission = (typeof PERMISSION_TABS)[number]['actions'][number];

export const PERMISSIONS: readonly Permission[] = PERMISSION_TABS.flatMap((tab) => tab.actions);

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The tab that covers an action (each action belongs to exactly one tab). */
export function tabOfPermission(permission: Permission): PermissionTabName {
  return PERMISSION_TABS.find((tab) => (tab.actions as readonly string[]).includes(permission))!.tabName;
}

/** The actions of the named tabs. */
export function permissionsOfTabs(tabNames: readonly string[]): Permission[] {
  return PERMISSION_TABS.filter((tab) => tabNames.includes(tab.tabName)).flatMap((tab) => tab.actions);
}

/** The tabs to show for a set of actions, in menu order: a tab with any of its actions. */
export function tabsOfPermissions(permissions: Iterable<string>): Array<{ TabName: PermissionTabName; url: string }> {
  const held = new Set(permissions);
  return PERMISSION_TABS.filter((tab) => tab.actions.some((action) => held.has(action))).map((tab) => ({ TabName: tab.tabName, url: tab.url }));
}

// Exam Centres is in the teacher menu so that an institute can let a coordinator run its centres,
// but only administrators hold it until a client gives it (decision 080).
const ADMIN_ONLY_TABS: readonly PermissionTabName[] = ['Role Configuration', 'Course Schedule', 'Exam Centres'];
const TEACHER_DEFAULTS = permissionsOfTabs(PERMISSION_TABS.map((tab) => tab.tabName).filter((name) => !ADMIN_ONLY_TABS.includes(name)));

/**
 * What each role may do in a new client: today's menus (MENUS in navigation.ts). Stored per client
 * when the client is created; from then on the client's rows are the truth.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  Student: [],
  SchoolStudent: [],
  Parent: [],
  Teacher: TEACHER_DEFAULTS,
  SchoolTeacher: TEACHER_DEFAULTS,
  InstituteAdmin: PERMISSIONS,
  ClientAdmin: PERMISSIONS,
  // The institution's own account reads its institute's reports and writes to its administrators.
  Institution: ['reports.view', 'reports.exam', 'support.contact'],
};
