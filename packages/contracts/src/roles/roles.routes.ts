import { ADMIN_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { AssignClassesBodySchema, RoleConfigSchema, SaveRoleConfigBodySchema, StaffListSchema, StaffMemberSchema } from './roles.schemas.js';
import { rolesEndpoints } from './roles.endpoints.js';

/**
 * Role Configuration (spec 000 §2 /roleconfig): what each role may do in the caller's client and
 * which classes staff teach. Changes apply from the next request, menus and route checks alike.
 */
export const rolesRoutes = {
  getConfig: defineRoute({
    ...rolesEndpoints.getConfig,
    access: ADMIN_ROLES,
    permission: 'roles.manage',
    summary: 'Admins: every configurable role’s actions in the caller’s client',
    response: RoleConfigSchema,
  }),
  saveConfig: defineRoute({
    ...rolesEndpoints.saveConfig,
    access: ['ClientAdmin'],
    permission: 'roles.manage',
    summary: 'Client admins: replace the listed roles’ actions (refused when nobody could configure roles afterwards; audited)',
    body: SaveRoleConfigBodySchema,
    response: RoleConfigSchema,
  }),
  listStaff: defineRoute({
    ...rolesEndpoints.listStaff,
    access: ADMIN_ROLES,
    permission: 'roles.manage',
    summary: 'Admins: staff in scope with the classes they teach, and the classes they could',
    response: StaffListSchema,
  }),
  assignClasses: defineRoute({
    ...rolesEndpoints.assignClasses,
    access: ADMIN_ROLES,
    permission: 'roles.manage',
    summary: 'Admins: set the classes (and sections) a staff member teaches; none: the whole institute (audited)',
    body: AssignClassesBodySchema,
    response: StaffMemberSchema,
  }),
};
