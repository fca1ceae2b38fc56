/** What app/ may mount from the roles feature. */
export { RolePermissions } from './components/role-permissions';
export { StaffClasses } from './components/staff-classes';
