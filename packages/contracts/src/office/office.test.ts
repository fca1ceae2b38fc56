import { describe, expect, it } from 'vitest';
import { OFFICE_TYPE_IDS, officeScoreColour } from './office.constants.js';
import { officeClientRoutes } from './office.client.js';
import { officeEndpoints } from './office.endpoints.js';
import { officeRoutes } from './office.routes.js';
import { OfficeRubricSchema, RunOfficeBodySchema } from './office.schemas.js';

describe('office endpoints for the web client', () => {
  it('name every route, with its method and path', () => {
    expect(Object.keys(officeEndpoints).sort()).toEqual(Object.keys(officeRoutes).sort());
    for (const [name, route] of Object.entries(officeRoutes)) {
      expect(officeEndpoints[name as keyof typeof officeEndpoints], name).toEqual({ method: route.method, path: route.path });
    }
    for (const endpoint of Object.values(officeClientRoutes)) expect(Object.keys(endpoint).sort()).toEqual(['method', 'path']);
  });
});

describe('runOffice body', () => {
  const body = { officeTypeID: 1, questionID: 5, path: 'f1', taskID: 2, type: 'eval', contentType: 'xlsx', username: 'a' };
  it('takes the spec’s fields, the type id as a number or a kind', () => {
    expect(RunOfficeBodySchema.safeParse(body).success).toBe(true);
    expect(RunOfficeBodySchema.safeParse({ ...body, officeTypeID: 'docx' }).success).toBe(true);
    expect(RunOfficeBodySchema.safeParse({ ...body, officeTypeID: OFFICE_TYPE_IDS.pptx }).success).toBe(true);
  });
  it('refuses another type, an unknown office type and a missing path', () => {
    expect(RunOfficeBodySchema.safeParse({ ...body, type: 'run' }).success).toBe(false);
    expect(RunOfficeBodySchema.safeParse({ ...body, officeTypeID: 9 }).success).toBe(false);
    expect(RunOfficeBodySchema.safeParse({ ...body, path: '' }).success).toBe(false);
  });
});

describe('office rubric and colours', () => {
  it('fills defaults of a rubric', () => {
    const rubric = OfficeRubricSchema.parse({ version: 1, kind: 'xlsx', checks: [{ id: 'a', type: 'sheetName', label: 'Sheet1', target: 'Sheet1', weight: 1 }] });
    expect(rubric).toMatchObject({ tolerance: 0.01, perturbations: 3, checks: [{ enabled: true, params: {} }] });
  });
  it('colours a score as the spec says', () => {
    expect([officeScoreColour(100), officeScoreColour(80), officeScoreColour(50.01), officeScoreColour(50)]).toEqual(['green', 'orange', 'orange', 'red']);
  });
});
