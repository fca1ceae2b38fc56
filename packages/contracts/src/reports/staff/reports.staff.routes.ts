import { defineRoute } from '../../common/route.js';
import { STAFF_ROLES } from '../../common/roles.js';
import { staffReportsEndpoints } from './reports.staff.endpoints.js';
import {
  ExamEquatingExportQuerySchema,
  ExamEquatingQuerySchema,
  ExamEquatingSchema,
  ExamStatisticsExportQuerySchema,
  ExamStatisticsQuerySchema,
  ExamStatisticsSchema,
  MatrixExportQuerySchema,
  MatrixOptionsSchema,
  MatrixQuerySchema,
  ReportFileSchema,
  ReportMatrixSchema,
  StaffDashboardSchema,
} from './reports.staff.schemas.js';

/** Staff: the dashboard, the class matrix and a test's statistics, over the students they reach. */
export const staffReportsRoutes = {
  staffDashboard: defineRoute({
    ...staffReportsEndpoints.staffDashboard,
    access: STAFF_ROLES,
    permission: 'dashboard.view',
    summary: 'Staff: today’s and upcoming tests, tests running, answers to mark, recent results, students at risk',
    response: StaffDashboardSchema,
  }),
  matrixOptions: defineRoute({
    ...staffReportsEndpoints.matrixOptions,
    access: STAFF_ROLES,
    permission: 'reports.view',
    summary: 'Staff: the classes, sections and courses the Reports matrix can show',
    response: MatrixOptionsSchema,
  }),
  matrix: defineRoute({
    ...staffReportsEndpoints.matrix,
    access: STAFF_ROLES,
    permission: 'reports.view',
    summary: 'Staff: students × tests of a class or section (first attempts)',
    query: MatrixQuerySchema,
    response: ReportMatrixSchema,
  }),
  matrixExport: defineRoute({
    ...staffReportsEndpoints.matrixExport,
    access: STAFF_ROLES,
    permission: 'reports.view',
    summary: 'Staff: the students × tests matrix as CSV or XLSX (a file)',
    query: MatrixExportQuerySchema,
    response: ReportFileSchema,
  }),
  examStatistics: defineRoute({
    ...staffReportsEndpoints.examStatistics,
    access: STAFF_ROLES,
    permission: 'reports.exam',
    summary: 'Staff: a test’s score distribution, section and topic results, item statistics and results sheet (first attempts)',
    query: ExamStatisticsQuerySchema,
    response: ExamStatisticsSchema,
  }),
  examStatisticsExport: defineRoute({
    ...staffReportsEndpoints.examStatisticsExport,
    access: STAFF_ROLES,
    permission: 'reports.exam',
    summary: 'Staff: a test’s statistics as CSV, XLSX or PDF (a file)',
    query: ExamStatisticsExportQuerySchema,
    response: ReportFileSchema,
  }),
  examEquating: defineRoute({
    ...staffReportsEndpoints.examEquating,
    access: STAFF_ROLES,
    permission: 'reports.exam',
    summary: 'Staff: each first attempt’s raw score, per-shift percentile, ability and equated score with its rank (decision 066)',
    query: ExamEquatingQuerySchema,
    response: ExamEquatingSchema,
  }),
  examEquatingExport: defineRoute({
    ...staffReportsEndpoints.examEquatingExport,
    access: STAFF_ROLES,
    permission: 'reports.exam',
    summary: 'Staff: the scores across shifts (raw, per-shift percentile, ability, equated score and rank) as CSV or XLSX, headers and notes in English and Tamil (a file)',
    query: ExamEquatingExportQuerySchema,
    response: ReportFileSchema,
  }),
};
