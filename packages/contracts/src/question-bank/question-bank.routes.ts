import { STAFF_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import {
  AuthoringQuestionSchema,
  ExportQuestionsBodySchema,
  ImportPreviewSchema,
  ImportQuestionsQuerySchema,
  ImportStartedSchema,
  ImportTemplateQuerySchema,
  QuestionFileSchema,
  CreateQuestionBodySchema,
  GetQuestionQuerySchema,
  ListQuestionsQuerySchema,
  ListQuestionsResultSchema,
  ListRegradesQuerySchema,
  ListRegradesResultSchema,
  RegradeBodySchema,
  RegradeResultSchema,
  UpdateQuestionBodySchema,
} from './question-bank.schemas.js';

/**
 * The question bank, for staff. Every call sees only questions the caller's institute or client
 * owns; anyone else's answers 404. The responses carry the key: never give these to students.
 */
export const questionBankRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/question-bank/v1/list',
    access: STAFF_ROLES,
    summary: 'Staff: questions of the bank, filtered by topic, tag, kind, difficulty, language and owner',
    query: ListQuestionsQuerySchema,
    response: ListQuestionsResultSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/question-bank/v1/get',
    access: STAFF_ROLES,
    summary: 'Staff: one question with its key, the requested (or current) version and its history',
    query: GetQuestionQuerySchema,
    response: AuthoringQuestionSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/question-bank/v1/create',
    access: STAFF_ROLES,
    summary: 'Staff: create a question; its content becomes version 1',
    body: CreateQuestionBodySchema,
    response: AuthoringQuestionSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/question-bank/v1/update',
    access: STAFF_ROLES,
    summary: 'Staff: change a question; a change of content or key adds a version, attempts keep theirs',
    body: UpdateQuestionBodySchema,
    response: AuthoringQuestionSchema,
  }),
  regrade: defineRoute({
    method: 'POST',
    path: '/question-bank/v1/regrade',
    access: STAFF_ROLES,
    summary: 'Staff: re-score submitted attempts served an older version with the current one (logged)',
    body: RegradeBodySchema,
    response: RegradeResultSchema,
  }),
  listRegrades: defineRoute({
    method: 'GET',
    path: '/question-bank/v1/regrades',
    access: STAFF_ROLES,
    summary: 'Staff: the regrades of a question: who, when, which attempts, scores before and after',
    query: ListRegradesQuerySchema,
    response: ListRegradesResultSchema,
  }),
  importPreview: defineRoute({
    method: 'POST',
    path: '/question-bank/v1/import/preview',
    access: STAFF_ROLES,
    summary: 'Staff: read a Moodle XML, GIFT, Aiken, CSV or XLSX file and check every question, writing nothing',
    query: ImportQuestionsQuerySchema,
    multipart: true,
    response: ImportPreviewSchema,
  }),
  importQuestions: defineRoute({
    method: 'POST',
    path: '/question-bank/v1/import',
    access: STAFF_ROLES,
    summary: 'Staff: check a file, then import every question in one transaction (all or nothing) as a tracked question-import job',
    query: ImportQuestionsQuerySchema,
    multipart: true,
    response: ImportStartedSchema,
  }),
  importTemplate: defineRoute({
    method: 'GET',
    path: '/question-bank/v1/import/template',
    access: STAFF_ROLES,
    summary: 'Staff: the CSV or XLSX import template with one example row per kind (a file)',
    query: ImportTemplateQuerySchema,
    response: QuestionFileSchema,
  }),
  exportQuestions: defineRoute({
    method: 'POST',
    path: '/question-bank/v1/export',
    access: STAFF_ROLES,
    summary: 'Staff: the selected questions as Moodle XML, CSV or XLSX (a file that re-imports without loss)',
    body: ExportQuestionsBodySchema,
    response: QuestionFileSchema,
  }),
};
