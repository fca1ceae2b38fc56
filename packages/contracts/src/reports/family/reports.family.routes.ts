import { STAFF_ROLES } from '../../common/roles.js';
import { defineRoute } from '../../common/route.js';
import { familyReportsEndpoints } from './reports.family.endpoints.js';
import {
  DigestSettingsBodySchema,
  DigestSettingsSchema,
  DigestUnsubscribeBodySchema,
  EffortQuerySchema,
  EffortReportSchema,
  InstitutionReportQuerySchema,
  InstitutionReportSchema,
  MetabaseEmbedSchema,
  StudentCourseDashboardQuerySchema,
  StudentCourseDashboardSchema,
  SummaryReportQuerySchema,
  SummaryReportSchema,
} from './reports.family.schemas.js';

/** The Institution account's reports, the parent's Summary Report and digest, effort, BI Reports. */
export const familyReportsRoutes = {
  institution: defineRoute({
    ...familyReportsEndpoints.institution,
    access: ['Institution'],
    permission: 'reports.view',
    summary: 'The institute’s courses, classes and tests: attempts, mean, top, participation, per-subject accuracy',
    query: InstitutionReportQuerySchema,
    response: InstitutionReportSchema,
  }),
  studentCourseDashboard: defineRoute({
    ...familyReportsEndpoints.studentCourseDashboard,
    // The student, a linked parent, staff or the Institution account in scope with reports.view.
    access: 'user',
    summary: 'A student’s subject dashboard in one course, read only',
    query: StudentCourseDashboardQuerySchema,
    response: StudentCourseDashboardSchema,
  }),
  summary: defineRoute({
    ...familyReportsEndpoints.summary,
    access: 'user',
    summary: 'Summary Report of a period: tests, scores, trend, study time, lessons, topics to improve',
    query: SummaryReportQuerySchema,
    response: SummaryReportSchema,
  }),
  effort: defineRoute({
    ...familyReportsEndpoints.effort,
    access: 'user',
    summary: 'Effort against result by week: study time, lessons completed, scores, per-subject accuracy',
    query: EffortQuerySchema,
    response: EffortReportSchema,
  }),
  digestSettings: defineRoute({
    ...familyReportsEndpoints.digestSettings,
    access: ['Parent'],
    summary: 'Whether the parent receives the weekly digest e-mail',
    response: DigestSettingsSchema,
  }),
  saveDigestSettings: defineRoute({
    ...familyReportsEndpoints.saveDigestSettings,
    access: ['Parent'],
    summary: 'Turns the weekly digest e-mail on or off',
    body: DigestSettingsBodySchema,
    response: DigestSettingsSchema,
  }),
  digestUnsubscribe: defineRoute({
    ...familyReportsEndpoints.digestUnsubscribe,
    access: 'public',
    summary: 'Turns the weekly digest off from the link in the mail',
    body: DigestUnsubscribeBodySchema,
    response: DigestSettingsSchema,
  }),
  metabase: defineRoute({
    ...familyReportsEndpoints.metabase,
    access: STAFF_ROLES,
    permission: 'reports.view',
    summary: 'BI Reports: the signed Metabase embedding address of the actor’s institute, when configured',
    response: MetabaseEmbedSchema,
  }),
};
