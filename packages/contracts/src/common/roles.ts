export const ROLES = [
  'Student',
  'SchoolStudent',
  'Teacher',
  'SchoolTeacher',
  'Institution',
  'ClientAdmin',
  'InstituteAdmin',
  'Parent',
] as const;

export type Role = (typeof ROLES)[number];

/** Spec 6: the role is the user type returned at sign-in; "user" when none. */
export const DEFAULT_ROLE = 'user';

export const STUDENT_ROLES = ['Student', 'SchoolStudent'] as const satisfies readonly Role[];
export const TEACHER_ROLES = ['Teacher', 'SchoolTeacher'] as const satisfies readonly Role[];
export const ADMIN_ROLES = ['ClientAdmin', 'InstituteAdmin'] as const satisfies readonly Role[];
export const STAFF_ROLES = [...TEACHER_ROLES, ...ADMIN_ROLES] as const satisfies readonly Role[];

export function isStudentRole(role: string): boolean {
  return (STUDENT_ROLES as readonly string[]).includes(role);
}
export function isStaffRole(role: string): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role);
}
