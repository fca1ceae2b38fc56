import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, pgView, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Registration reference data (spec 000 §3); seeded by db/seed/seed-lookups.ts. */
export const states = pgTable('states', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** ISO 3166-2:IN subdivision code without the country, e.g. TN. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** state or union territory */
  kind: text('kind').notNull().default('state'),
});

export const languages = pgTable('languages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The interface language code the medium maps to (en, tn). */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const institutes = pgTable('institutes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  /** The client (tenant) the institute belongs to; its accounts carry the same users.client_id. */
  clientId: text('client_id').notNull().default('neetprep'),
  city: text('city'),
  logoUrl: text('logo_url'),
  /** HTML as entered by the institution; sanitised when it is served. */
  welcomeMessage: text('welcome_message'),
  /** A school: the students its staff add are SchoolStudents (Calendar, OMR upload), not coaching Students. */
  isSchool: boolean('is_school').notNull().default(false),
});

export const classes = pgTable(
  'classes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    instituteId: integer('institute_id')
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('classes_institute_name_idx').on(t.instituteId, t.name)],
);

export const sections = pgTable(
  'sections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('sections_class_name_idx').on(t.classId, t.name)],
);

/** Campus and department entries for college signups (common/v1/getInstituteDepartment). */
export const campusDepartments = pgTable(
  'campus_departments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campus: text('campus').notNull(),
    department: text('department').notNull(),
    degrees: text('degrees').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('campus_departments_campus_department_idx').on(t.campus, t.department),
    index('campus_departments_campus_idx').on(sql`lower(${t.campus})`),
  ],
);

// What other modules read of the reference data (decision 093): plain views, inlined by the planner.

export const languageDirectory = pgView('language_directory').as((qb) => qb.select({ id: languages.id, code: languages.code, name: languages.name }).from(languages));

export const instituteDirectory = pgView('institute_directory').as((qb) =>
  qb.select({ id: institutes.id, name: institutes.name, clientId: institutes.clientId, city: institutes.city, isSchool: institutes.isSchool }).from(institutes),
);

export const classDirectory = pgView('class_directory').as((qb) => qb.select({ id: classes.id, instituteId: classes.instituteId, name: classes.name }).from(classes));

export const sectionDirectory = pgView('section_directory').as((qb) => qb.select({ id: sections.id, classId: sections.classId, name: sections.name }).from(sections));
