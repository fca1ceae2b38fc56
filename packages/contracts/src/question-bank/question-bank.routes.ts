import { STAFF_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import {
  AuthoringQuestionSchema,
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
    permission: 'academy.manage',
    summary: 'Staff: questions of the bank, filtered by topic, tag, kind, difficulty, language and owner',
    query: ListQuestionsQuerySchema,
    response: ListQuestionsResultSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/question-bank/v1/get',
    access: STAFF_ROLES,
    permission: 'academy.manage',
    summary: 'Staff: one question with its key, the requested (or current) version and its history',
    query: GetQuestionQuerySchema,
    response: AuthoringQuestionSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/question-bank/v1/create',
    access: STAFF_ROLES,
    permission: 'academy.manage',
    summary: 'Staff: create a question; its content becomes version 1',
    body: CreateQuestionBodySchema,
    response: AuthoringQuestionSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/question-bank/v1/update',
    access: STAFF_ROLES,
    permission: 'academy.manage',
    summary: 'Staff: change a question; a change of content or key adds a version, attempts keep theirs',
    body: UpdateQuestionBodySchema,
    response: AuthoringQuestionSchema,
  }),
  regrade: defineRoute({
    method: 'POST',
    path: '/question-bank/v1/regrade',
    access: STAFF_ROLES,
    permission: 'grading.mark',
    summary: 'Staff: re-score submitted attempts served an older version with the current one (logged)',
    body: RegradeBodySchema,
    response: RegradeResultSchema,
  }),
  listRegrades: defineRoute({
    method: 'GET',
    path: '/question-bank/v1/regrades',
    access: STAFF_ROLES,
    permission: 'grading.mark',
    summary: 'Staff: the regrades of a question: who, when, which attempts, scores before and after',
    query: ListRegradesQuerySchema,
    response: ListRegradesResultSchema,
  }),
};
