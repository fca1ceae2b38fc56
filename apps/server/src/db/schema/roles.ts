import { index, integer, pgTable, pgView, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth.js';
import { classes, sections } from './lookups.js';

/** A client (tenant): institutes and accounts belong to one (institutes.client_id, users.client_id). */
export const clients = pgTable('clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /**
   * The catalogue's actions this client has had its defaults for. An action added to the
   * catalogue later is granted to the roles it defaults to once, at the next start; null: the
   * catalogue as it was before this was tracked (roles.service.ts).
   */
  knownPermissions: text('known_permissions').array(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a role may do in a client: one row per action of the permission catalogue
 * (contracts `PERMISSION_TABS`). Menus (teacher/v1/getUserInfo) and route checks read these rows.
 */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.role, t.permission] })],
);

/**
 * The classes (and, when set, the one section) a staff user teaches. A staff user without rows
 * reaches the whole institute.
 */
export const staffClassAssignments = pgTable(
  'staff_class_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    /** null: every section of the class. */
    sectionId: integer('section_id').references(() => sections.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('staff_class_assignments_user_idx').on(t.userId),
    uniqueIndex('staff_class_assignments_unique_idx').on(t.userId, t.classId, sql`coalesce(${t.sectionId}, 0)`),
  ],
);

/** The tabs a staff user may open (teacher/v1/getUserInfo). */
export const teacherPermissions = pgTable(
  'teacher_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tabName: text('tab_name').notNull(),
    url: text('url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tabName] })],
);

// What sign-in and the session read of the roles (decision 093): plain views, inlined by the planner.

/** The actions each role of a client may take. */
export const roleGrants = pgView('role_grants').as((qb) =>
  qb.select({ clientId: rolePermissions.clientId, role: rolePermissions.role, permission: rolePermissions.permission }).from(rolePermissions),
);

/** The classes (and sections) each staff user teaches. */
export const taughtClasses = pgView('taught_classes').as((qb) =>
  qb.select({ userId: staffClassAssignments.userId, classId: staffClassAssignments.classId, sectionId: staffClassAssignments.sectionId }).from(staffClassAssignments),
);

/** A staff user's own tabs. */
export const staffTabs = pgView('staff_tabs').as((qb) =>
  qb.select({ userId: teacherPermissions.userId, tabName: teacherPermissions.tabName, url: teacherPermissions.url, sortOrder: teacherPermissions.sortOrder }).from(teacherPermissions),
);
