import { CONFIGURABLE_ROLES, PERMISSION_TABS, type ConfigurableRole, type Permission, type RoleConfig } from '@app/contracts';

/** The matrix being edited: each configurable role's set of actions. */
export type RoleMatrix = Record<ConfigurableRole, ReadonlySet<Permission>>;

export function matrixOf(config: RoleConfig): RoleMatrix {
  const matrix = {} as Record<ConfigurableRole, ReadonlySet<Permission>>;
  for (const role of CONFIGURABLE_ROLES) matrix[role] = new Set(config.roles.find((r) => r.role === role)?.permissions ?? []);
  return matrix;
}

export function toggleAction(matrix: RoleMatrix, role: ConfigurableRole, action: Permission): RoleMatrix {
  const next = new Set(matrix[role]);
  if (next.has(action)) next.delete(action);
  else next.add(action);
  return { ...matrix, [role]: next };
}

type TabName = (typeof PERMISSION_TABS)[number]['tabName'];
const actionsOf = (tabName: TabName): readonly Permission[] => PERMISSION_TABS.find((tab) => tab.tabName === tabName)!.actions;

/** Whether a role holds all, some or none of a tab's actions (the tab row's checkbox). */
export function tabState(matrix: RoleMatrix, role: ConfigurableRole, tabName: TabName): 'all' | 'some' | 'none' {
  const actions = actionsOf(tabName);
  const held = actions.filter((action) => matrix[role].has(action)).length;
  return held === 0 ? 'none' : held === actions.length ? 'all' : 'some';
}

/** Gives the role every action of the tab, or (when it holds them all) takes them all away. */
export function toggleTab(matrix: RoleMatrix, role: ConfigurableRole, tabName: TabName): RoleMatrix {
  const next = new Set(matrix[role]);
  const isAll = tabState(matrix, role, tabName) === 'all';
  for (const action of actionsOf(tabName)) {
    if (isAll) next.delete(action);
    else next.add(action);
  }
  return { ...matrix, [role]: next };
}

/** The roles whose actions differ from the saved configuration, in the shape saveConfig takes. */
export function changedRoles(saved: RoleMatrix, edited: RoleMatrix): Array<{ role: ConfigurableRole; permissions: Permission[] }> {
  return CONFIGURABLE_ROLES.filter((role) => {
    const a = saved[role];
    const b = edited[role];
    return a.size !== b.size || [...a].some((action) => !b.has(action));
  }).map((role) => ({ role, permissions: PERMISSION_TABS.flatMap((tab) => tab.actions).filter((action) => edited[role].has(action)) }));
}
