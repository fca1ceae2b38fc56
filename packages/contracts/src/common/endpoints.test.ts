import { describe, expect, it } from 'vitest';
import { examClientRoutes, examSupervisionClientRoutes } from '../exam/exam.client.js';
import { examEndpoints, examSupervisionEndpoints } from '../exam/exam.endpoints.js';
import { examRoutes, examSupervisionRoutes } from '../exam/exam.routes.js';
import { gradingClientRoutes } from '../grading/grading.client.js';
import { gradingEndpoints } from '../grading/grading.endpoints.js';
import { gradingRoutes } from '../grading/grading.routes.js';
import { proctoringClientRoutes } from '../proctoring/proctoring.client.js';
import { proctoringEndpoints } from '../proctoring/proctoring.endpoints.js';
import { proctoringRoutes } from '../proctoring/proctoring.routes.js';
import { reportsClientRoutes } from '../reports/student/reports.student.client.js';
import { reportsEndpoints } from '../reports/student/reports.student.endpoints.js';
import { reportsRoutes } from '../reports/student/reports.student.routes.js';

const MODULES = [
  { name: 'exam', endpoints: examEndpoints, routes: examRoutes, client: examClientRoutes },
  { name: 'exam supervision', endpoints: examSupervisionEndpoints, routes: examSupervisionRoutes, client: examSupervisionClientRoutes },
  { name: 'proctoring', endpoints: proctoringEndpoints, routes: proctoringRoutes, client: proctoringClientRoutes },
  { name: 'grading', endpoints: gradingEndpoints, routes: gradingRoutes, client: gradingClientRoutes },
  { name: 'reports', endpoints: reportsEndpoints, routes: reportsRoutes, client: reportsClientRoutes },
] as const;

describe.each(MODULES)('$name endpoints for the web client', ({ endpoints, routes, client }) => {
  it('name every route, with its method and path', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, route] of Object.entries(routes)) {
      expect(endpoints[name as keyof typeof endpoints], name).toEqual({ method: route.method, path: route.path });
    }
  });

  it('hold no schema, so a client calling through them does not load the validation library', () => {
    for (const endpoint of Object.values(client)) {
      expect(Object.keys(endpoint).sort()).toEqual(['method', 'path']);
    }
  });
});

describe('the exam split', () => {
  it('keeps every path once, across the modules', () => {
    const paths = MODULES.flatMap((m) => Object.values(m.endpoints).map((e) => `${e.method} ${e.path}`));
    expect(paths).toHaveLength(28);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
