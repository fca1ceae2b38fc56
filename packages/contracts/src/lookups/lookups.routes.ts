import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  CitySchema,
  ClassQuerySchema,
  ClassSchema,
  CourseSimpleSchema,
  InstituteDepartmentQuerySchema,
  InstituteDepartmentSchema,
  InstituteSchema,
  LanguageSchema,
  SectionQuerySchema,
  SectionSchema,
  StateSchema,
} from './lookups.schemas.js';

/** Registration reference data; public because the registration and signup forms need it. */
export const lookupsRoutes = {
  states: defineRoute({
    method: 'GET',
    path: '/Common/v1/state',
    access: 'public',
    summary: 'Indian states and union territories',
    response: z.array(StateSchema),
  }),
  institutes: defineRoute({
    method: 'GET',
    path: '/Common/v1/Institute',
    access: 'public',
    summary: 'Institutions',
    response: z.array(InstituteSchema),
  }),
  languages: defineRoute({
    method: 'GET',
    path: '/Common/v1/Language',
    access: 'public',
    summary: 'Media of instruction',
    response: z.array(LanguageSchema),
  }),
  classes: defineRoute({
    method: 'GET',
    path: '/Common/v1/Class',
    access: 'public',
    summary: 'Classes of an institution',
    query: ClassQuerySchema,
    response: z.array(ClassSchema),
  }),
  sections: defineRoute({
    method: 'GET',
    path: '/Common/v1/section',
    access: 'public',
    summary: 'Sections of a class of an institution',
    query: SectionQuerySchema,
    response: z.array(SectionSchema),
  }),
  cities: defineRoute({
    method: 'GET',
    path: '/Common/v1/city',
    access: 'public',
    summary: 'The two cities: Coimbatore and Chennai',
    response: z.array(CitySchema),
  }),
  instituteDepartments: defineRoute({
    method: 'POST',
    path: '/common/v1/getInstituteDepartment',
    access: 'public',
    summary: 'Campus and department entries matching Campus and Department',
    body: InstituteDepartmentQuerySchema,
    response: z.array(InstituteDepartmentSchema),
  }),
  coursesSimple: defineRoute({
    method: 'GET',
    path: '/courses/v1/listSimple',
    access: 'public',
    summary: 'Published courses: id and courseName',
    response: z.array(CourseSimpleSchema),
  }),
};
