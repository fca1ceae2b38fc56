import { describe, expect, it } from 'vitest';
import { authRoutes } from '../auth/auth.routes.js';
import { centreRoutes } from '../centre/centre.routes.js';
import { gradingRoutes } from '../grading/grading.routes.js';
import { MENUS } from '../navigation/navigation.js';
import { navigationRoutes } from '../navigation/navigation.routes.js';
import { proctoringRoutes } from '../proctoring/proctoring.routes.js';
import { questionBankRoutes } from '../question-bank/question-bank.routes.js';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_TABS, PERMISSIONS, permissionsOfTabs, tabOfPermission, tabsOfPermissions } from './permissions.js';

describe('the permission catalogue', () => {
  it('names every tab of the staff menus with the url of its first menu item', () => {
    for (const role of ['SchoolTeacher', 'ClientAdmin'] as const) {
      for (const item of MENUS[role].filter((i) => i.tabName)) {
        const tab = PERMISSION_TABS.find((t) => t.tabName === item.tabName);
        expect(tab, item.tabName).toBeDefined();
        expect(tab!.url).toBe(MENUS[role].find((i) => i.tabName === item.tabName)!.url);
      }
    }
    // A tab may own more than one item (Content Management: the courses and the question bank).
    expect(MENUS.SchoolTeacher.filter((i) => i.tabName === 'Content Management').map((i) => i.url)).toEqual(['/academy/courses', '/questionbank']);
  });

  it('puts each action in exactly one tab', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    expect(tabOfPermission('grading.mark')).toBe('Reports');
    expect(tabOfPermission('proctoring.viewFrames')).toBe('Exam Report');
    expect(tabOfPermission('auth.createLoginLink')).toBe('Student Configuration');
  });

  it('shows a tab when any of its actions is held, in menu order', () => {
    expect(tabsOfPermissions(['auth.createLoginLink', 'dashboard.view', 'unknown'])).toEqual([
      { TabName: 'Dashboard', url: '/dashboard' },
      { TabName: 'Student Configuration', url: '/studentconfig' },
    ]);
    expect(permissionsOfTabs(['Exam Report'])).toEqual(['reports.exam', 'proctoring.viewFrames', 'exam.supervise']);
  });

  it('defaults teachers to the teacher menu’s tabs and admins to all of them', () => {
    const teacherTabs = tabsOfPermissions(DEFAULT_ROLE_PERMISSIONS.SchoolTeacher).map((t) => t.TabName);
    // Exam Centres is in the teacher menu for a coordinator an institute gives it, not by default (decision 080).
    const teacherMenuTabs = [...new Set(MENUS.SchoolTeacher.filter((i) => i.tabName).map((i) => i.tabName))];
    expect(teacherMenuTabs).toContain('Exam Centres');
    expect(teacherTabs).toEqual(teacherMenuTabs.filter((name) => name !== 'Exam Centres'));
    expect(DEFAULT_ROLE_PERMISSIONS.SchoolTeacher).not.toContain('centre.manage');
    expect(DEFAULT_ROLE_PERMISSIONS.SchoolTeacher).toContain('centre.invigilate');
    expect(DEFAULT_ROLE_PERMISSIONS.InstituteAdmin).toEqual(expect.arrayContaining(['centre.manage', 'centre.invigilate']));
    const adminTabs = tabsOfPermissions(DEFAULT_ROLE_PERMISSIONS.ClientAdmin).map((t) => t.TabName);
    expect(adminTabs).toEqual(expect.arrayContaining(MENUS.ClientAdmin.filter((i) => i.tabName).map((i) => i.tabName!)));
    expect(DEFAULT_ROLE_PERMISSIONS.Student).toEqual([]);
    expect(DEFAULT_ROLE_PERMISSIONS.Institution).not.toContain('grading.mark');
  });

  it('gives the staff routes that act on students a permission', () => {
    expect(authRoutes.createLoginLink.permission).toBe('auth.createLoginLink');
    expect(gradingRoutes.markAnswer.permission).toBe('grading.mark');
    expect(gradingRoutes.listPendingEvaluations.permission).toBe('grading.viewPending');
    expect(proctoringRoutes.listPhotos.permission).toBe('proctoring.viewFrames');
    expect(proctoringRoutes.getPhoto.permission).toBe('proctoring.viewFrames');
    for (const route of Object.values(questionBankRoutes)) expect(route.permission, route.path).toBeDefined();
    // Exam centres: managing them on the central server, and a centre server's own screens.
    for (const name of ['createPairingCode', 'list', 'issueInvigilatorCode', 'syncState', 'requestResend', 'localPair'] as const) {
      expect(centreRoutes[name].permission, name).toBe('centre.manage');
    }
    for (const name of ['localStatus', 'localStage', 'localUnlock', 'localSync', 'localRoom'] as const) {
      expect(centreRoutes[name].permission, name).toBe('centre.invigilate');
    }
    // The menu itself is for every staff role; what it lists comes from the permissions.
    expect(navigationRoutes.teacherUserInfo.permission).toBeUndefined();
  });
});
