import { z } from 'zod';
import { ROLES, type Role } from '../common/roles.js';
import { idField, msg } from '../common/validation.js';
import { PERMISSIONS, type Permission } from './permissions.js';

/** Role Configuration (admins): each role's actions in the client, and the classes staff teach. */

/** The roles whose permissions a client configures: staff and the Institution account. */
export const CONFIGURABLE_ROLES = ['Teacher', 'SchoolTeacher', 'InstituteAdmin', 'ClientAdmin', 'Institution'] as const satisfies readonly Role[];
export type ConfigurableRole = (typeof CONFIGURABLE_ROLES)[number];

const roleField = z.enum(ROLES, msg('roleInvalid'));
const configurableRoleField = z.enum(CONFIGURABLE_ROLES, msg('roleInvalid'));
const permissionField = z.enum(PERMISSIONS as [Permission, ...Permission[]], msg('permissionInvalid'));
export const reasonField = z.string().trim().max(500, msg('reasonTooLong'));

export const RolePermissionsSchema = z.object({ role: configurableRoleField, permissions: z.array(permissionField) });
export type RolePermissions = z.infer<typeof RolePermissionsSchema>;

export const RoleConfigSchema = z.object({
  clientId: z.string(),
  /** Whether the caller may change the matrix (client administrators); others only read it. */
  canEdit: z.boolean(),
  roles: z.array(RolePermissionsSchema),
});
export type RoleConfig = z.infer<typeof RoleConfigSchema>;

export const SaveRoleConfigBodySchema = z.object({
  roles: z
    .array(z.object({ role: configurableRoleField, permissions: z.array(permissionField).max(PERMISSIONS.length * 2, msg('permissionInvalid')) }))
    .min(1, msg('roleInvalid'))
    .max(CONFIGURABLE_ROLES.length, msg('roleRepeated'))
    .refine((roles) => new Set(roles.map((r) => r.role)).size === roles.length, msg('roleRepeated')),
  reason: reasonField.optional(),
});
export type SaveRoleConfigBody = z.input<typeof SaveRoleConfigBodySchema>;

export const ClassAssignmentSchema = z.object({ classId: idField, sectionId: idField.nullable() });
export type ClassAssignmentInput = z.infer<typeof ClassAssignmentSchema>;

export const StaffMemberSchema = z.object({
  userId: z.number().int(),
  displayName: z.string(),
  username: z.string(),
  role: roleField,
  instituteId: z.number().int().nullable(),
  instituteName: z.string().nullable(),
  classes: z.array(z.object({ classId: z.number().int(), sectionId: z.number().int().nullable() })),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const InstituteClassesSchema = z.object({
  instituteId: z.number().int(),
  instituteName: z.string(),
  classes: z.array(z.object({ classId: z.number().int(), name: z.string(), sections: z.array(z.object({ sectionId: z.number().int(), name: z.string() })) })),
});
export type InstituteClasses = z.infer<typeof InstituteClassesSchema>;

export const StaffListSchema = z.object({ staff: z.array(StaffMemberSchema), institutes: z.array(InstituteClassesSchema) });
export type StaffList = z.infer<typeof StaffListSchema>;

export const AssignClassesBodySchema = z.object({
  userId: idField,
  classes: z.array(ClassAssignmentSchema).max(200, msg('classAssignmentsTooMany')),
  reason: reasonField.optional(),
});
export type AssignClassesBody = z.input<typeof AssignClassesBodySchema>;
