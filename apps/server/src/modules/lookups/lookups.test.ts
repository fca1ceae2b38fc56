import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../../db/schema/index.js';
import { seedLookups } from '../../db/seed/seed-lookups.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.deps);
  // Seeding twice changes nothing.
  await seedLookups(t.deps);
  await t.deps.db.insert(courses).values([
    { name: 'NEET Biology', sortOrder: 1 },
    { name: 'NEET Physics', sortOrder: 2 },
    { name: 'Draft course', isPublished: false },
  ]);
});
afterAll(async () => t.close());

const get = async (url: string) => {
  const res = await t.call({ method: 'GET', url });
  return { status: res.statusCode, json: res.json() };
};

describe('lookups', () => {
  it('lists every Indian state and union territory, in both path cases', async () => {
    const { status, json } = await get('/api/Common/v1/state');
    expect(status).toBe(200);
    expect(json.status).toBe(true);
    expect(json.body).toHaveLength(36);
    expect(json.body.map((s: { name: string }) => s.name)).toContain('Tamil Nadu');
    expect(json.body.map((s: { name: string }) => s.name)).toContain('Puducherry');
    expect((await get('/api/common/v1/state')).json.body).toEqual(json.body);
  });

  it('lists the languages English and Tamil', async () => {
    const { json } = await get('/api/Common/v1/Language');
    expect(json.body.map((l: { code: string; name: string }) => [l.code, l.name])).toEqual([
      ['en', 'English'],
      ['tn', 'Tamil'],
    ]);
  });

  it('lists institutes, their classes and the sections of a class', async () => {
    const institutes = (await get('/api/Common/v1/Institute')).json.body as Array<{ id: number; name: string; logoUrl: string | null }>;
    expect(institutes.length).toBeGreaterThanOrEqual(3);
    const sunrise = institutes.find((i) => i.name === 'Sunrise Academy')!;
    expect(sunrise.logoUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const classes = (await get(`/api/Common/v1/Class?instituteID=${sunrise.id}`)).json.body as Array<{ id: number; name: string; instituteID: number }>;
    expect(classes.map((c) => c.name)).toEqual(['11', '12']);
    expect(classes.every((c) => c.instituteID === sunrise.id)).toBe(true);
    const twelve = classes.find((c) => c.name === '12')!;
    const sections = (await get(`/api/Common/v1/section?instituteID=${sunrise.id}&classID=${twelve.id}`)).json.body;
    expect(sections.map((s: { name: string }) => s.name)).toEqual(['A', 'B', 'C']);
    expect((await get(`/api/common/v1/class?instituteID=${sunrise.id}`)).status).toBe(200);

    // A class of another institute has no sections under this one.
    const other = institutes.find((i) => i.name !== 'Sunrise Academy')!;
    const mixed = await get(`/api/Common/v1/section?instituteID=${other.id}&classID=${twelve.id}`);
    expect(mixed.json.body).toEqual([]);
  });

  it('rejects a missing or bad id with 400', async () => {
    expect((await get('/api/Common/v1/Class')).status).toBe(400);
    expect((await get('/api/Common/v1/Class?instituteID=abc')).status).toBe(400);
    expect((await get('/api/Common/v1/section?instituteID=1')).status).toBe(400);
  });

  it('lists the two cities', async () => {
    const { json } = await get('/api/Common/v1/city');
    expect(json.body.map((c: { name: string }) => c.name)).toEqual(['Coimbatore', 'Chennai']);
  });

  it('finds campus and department entries', async () => {
    const all = await t.call({ method: 'POST', url: '/api/common/v1/getInstituteDepartment', payload: { Campus: '', Department: '' } });
    expect(all.statusCode).toBe(200);
    expect(all.json().body.length).toBe(6);
    const campus = await t.call({ method: 'POST', url: '/api/common/v1/getInstituteDepartment', payload: { Campus: 'chennai campus' } });
    expect(campus.json().body.map((d: { Department: string }) => d.Department)).toEqual(['Allied Health Sciences', 'Life Sciences', 'Pharmacy']);
    const one = await t.call({ method: 'POST', url: '/api/common/v1/getInstituteDepartment', payload: { Campus: 'Coimbatore Campus', Department: 'Nursing' } });
    expect(one.json().body).toEqual([{ id: expect.any(Number), Campus: 'Coimbatore Campus', Department: 'Nursing', Degrees: ['B.Sc. Nursing'] }]);
    const bad = await t.call({ method: 'POST', url: '/api/common/v1/getInstituteDepartment', payload: { Campus: 5 } });
    expect(bad.statusCode).toBe(400);
  });

  it('lists published courses with id and courseName', async () => {
    const { json } = await get('/api/courses/v1/listSimple');
    expect(json.body).toEqual([
      { id: expect.any(Number), courseName: 'NEET Biology' },
      { id: expect.any(Number), courseName: 'NEET Physics' },
    ]);
  });
});
