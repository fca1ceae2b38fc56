import { z } from 'zod';
import { idField } from '../common/validation.js';

export const StateSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type State = z.infer<typeof StateSchema>;

export const InstituteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type Institute = z.infer<typeof InstituteSchema>;

export const LanguageSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type LanguageOption = z.infer<typeof LanguageSchema>;

export const ClassSchema = z.object({ id: z.number().int(), name: z.string(), instituteID: z.number().int() });
export type ClassOption = z.infer<typeof ClassSchema>;

export const SectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  classID: z.number().int(),
  instituteID: z.number().int(),
});
export type SectionOption = z.infer<typeof SectionSchema>;

/** The city list is fixed (spec 000 §3): Coimbatore and Chennai. */
export const CitySchema = z.object({ id: z.string(), name: z.string() });
export type City = z.infer<typeof CitySchema>;

export const CourseSimpleSchema = z.object({ id: z.number().int(), courseName: z.string() });
export type CourseSimple = z.infer<typeof CourseSimpleSchema>;

export const ClassQuerySchema = z.object({ instituteID: idField });
export type ClassQuery = z.infer<typeof ClassQuerySchema>;

export const SectionQuerySchema = z.object({ instituteID: idField, classID: idField });
export type SectionQuery = z.infer<typeof SectionQuerySchema>;

/**
 * POST /common/v1/getInstituteDepartment: an empty Campus lists every campus's departments;
 * a Campus narrows to it, a Department to that department (case-insensitive, exact).
 */
export const InstituteDepartmentQuerySchema = z.object({
  Campus: z.string().trim().max(200).optional().default(''),
  Department: z.string().trim().max(200).optional().default(''),
});
export type InstituteDepartmentQuery = z.input<typeof InstituteDepartmentQuerySchema>;

export const InstituteDepartmentSchema = z.object({
  id: z.number().int(),
  Campus: z.string(),
  Department: z.string(),
  /** Degrees offered by the department. */
  Degrees: z.array(z.string()),
});
export type InstituteDepartment = z.infer<typeof InstituteDepartmentSchema>;
