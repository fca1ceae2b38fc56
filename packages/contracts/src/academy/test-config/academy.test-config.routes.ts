import { STAFF_ROLES } from '../../common/roles.js';
import { defineRoute } from '../../common/route.js';
import { ExamSessionSchema } from '../../exam/exam.schemas.js';
import {
  CreateTestConfigBodySchema,
  GetTestConfigQuerySchema,
  ListTestConfigsQuerySchema,
  ListTestConfigsResultSchema,
  PublishTestConfigBodySchema,
  SaveSectionsBodySchema,
  TestConfigSchema,
  UpdateTestConfigBodySchema,
} from './academy.test-config.schemas.js';

/** Test configuration (spec 000 §2 /testconfig): staff with academy.configureTests, their institute's tests only. */
export const testConfigRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/academy/v1/listTestConfigs',
    access: STAFF_ROLES,
    permission: 'academy.configureTests',
    summary: 'Staff: the tests the caller may configure, newest first',
    query: ListTestConfigsQuerySchema,
    response: ListTestConfigsResultSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/academy/v1/getTestConfig',
    access: STAFF_ROLES,
    permission: 'academy.configureTests',
    summary: 'Staff: a test’s settings, sections, questions and draw rules, with what stops it being published',
    query: GetTestConfigQuerySchema,
    response: TestConfigSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/academy/v1/createTestConfig',
    access: STAFF_ROLES,
    permission: 'academy.configureTests',
    summary: 'Staff: a new draft test, blank or on the NEET pattern',
    body: CreateTestConfigBodySchema,
    response: TestConfigSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/academy/v1/updateTestConfig',
    access: STAFF_ROLES,
    permission: 'academy.configureTests',
    summary: 'Staff: change a test’s settings (scoring and timing are locked once it has attempts)',
    body: UpdateTestConfigBodySchema,
    response: TestConfigSchema,
  }),
  saveSections: defineRoute({
    method: 'POST',
    path: '/academy/v1/saveTestSections',
    access: STAFF_ROLES,
    permission: 'academy.configureTests',
    summary: 'Staff: replace a test’s sections, picked questions and draw rules (locked once it has attempts)',
    body: SaveSectionsBodySchema,
    response: TestConfigSchema,
  }),
  preview: defineRoute({
    method: 'GET',
    path: '/academy/v1/previewTestConfig',
    access: STAFF_ROLES,
    permission: 'academy.configureTests',
    summary: 'Staff: the test as a student would be served it (random sections with a sample draw), without starting an attempt; no keys',
    query: GetTestConfigQuerySchema,
    response: ExamSessionSchema,
  }),
  publish: defineRoute({
    method: 'POST',
    path: '/academy/v1/publishTestConfig',
    access: STAFF_ROLES,
    permission: 'academy.configureTests',
    summary: 'Staff: publish a test (refused with the reasons when it is not complete) or take it back to draft',
    body: PublishTestConfigBodySchema,
    response: TestConfigSchema,
  }),
};
