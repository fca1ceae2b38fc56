import { describe, expect, it } from 'vitest';
import { examClientRoutes, examEndpoints } from './exam.endpoints.js';
import { examRoutes } from './exam.routes.js';

describe('exam endpoints for the web client', () => {
  it('name every exam route, with its method and path', () => {
    expect(Object.keys(examEndpoints).sort()).toEqual(Object.keys(examRoutes).sort());
    for (const [name, route] of Object.entries(examRoutes)) {
      expect(examEndpoints[name as keyof typeof examEndpoints], name).toEqual({ method: route.method, path: route.path });
    }
  });

  it('hold no schema, so a client calling through them does not load the validation library', () => {
    for (const endpoint of Object.values(examClientRoutes)) {
      expect(Object.keys(endpoint).sort()).toEqual(['method', 'path']);
    }
  });
});
