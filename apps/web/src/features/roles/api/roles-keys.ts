/** Query keys of Role Configuration; every change invalidates under `rolesKeys.all`. */
export const rolesKeys = {
  all: ['roles'] as const,
  config: () => [...rolesKeys.all, 'config'] as const,
  staff: () => [...rolesKeys.all, 'staff'] as const,
};

/** The audit log shows what a change recorded; its cache is refreshed by key, without importing the audit feature. */
export const AUDIT_QUERY_ROOT = ['audit'] as const;
/** A teacher's menu comes from this query (lib/teacher-permissions.ts). */
export const TEACHER_PERMISSIONS_ROOT = ['navigation', 'teacherPermissions'] as const;
