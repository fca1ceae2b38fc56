import type { RoleConfig } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { changedRoles, matrixOf, tabState, toggleAction, toggleTab } from './role-matrix';

const config: RoleConfig = {
  clientId: 'neetprep',
  canEdit: true,
  roles: [
    { role: 'SchoolTeacher', permissions: ['dashboard.view', 'schedules.manage', 'reports.view'] },
    { role: 'ClientAdmin', permissions: ['roles.manage'] },
  ],
};

describe('the role matrix', () => {
  it('starts from the saved configuration, with empty sets for roles it does not list', () => {
    const matrix = matrixOf(config);
    expect([...matrix.SchoolTeacher]).toEqual(['dashboard.view', 'schedules.manage', 'reports.view']);
    expect(matrix.Institution.size).toBe(0);
  });

  it('reports a tab as all, some or none of its actions held', () => {
    const matrix = matrixOf(config);
    expect(tabState(matrix, 'SchoolTeacher', 'Test Schedule')).toBe('all');
    expect(tabState(matrix, 'SchoolTeacher', 'Reports')).toBe('some');
    expect(tabState(matrix, 'SchoolTeacher', 'Exam Report')).toBe('none');
  });

  it('toggles a whole tab: a partly held tab is completed, a fully held one taken away', () => {
    let matrix = toggleTab(matrixOf(config), 'SchoolTeacher', 'Reports');
    expect(tabState(matrix, 'SchoolTeacher', 'Reports')).toBe('all');
    matrix = toggleTab(matrix, 'SchoolTeacher', 'Reports');
    expect(tabState(matrix, 'SchoolTeacher', 'Reports')).toBe('none');
  });

  it('lists only the roles that changed, with their actions in catalogue order', () => {
    const saved = matrixOf(config);
    expect(changedRoles(saved, saved)).toEqual([]);
    const edited = toggleAction(toggleTab(saved, 'SchoolTeacher', 'Test Schedule'), 'SchoolTeacher', 'academy.manage');
    expect(changedRoles(saved, edited)).toEqual([{ role: 'SchoolTeacher', permissions: ['dashboard.view', 'reports.view', 'academy.manage'] }]);
    // Toggling back is no change at all.
    expect(changedRoles(saved, toggleAction(toggleAction(saved, 'ClientAdmin', 'audit.view'), 'ClientAdmin', 'audit.view'))).toEqual([]);
  });
});
