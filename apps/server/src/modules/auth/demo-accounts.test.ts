import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENUS } from '@app/contracts';
import { seedAccounts } from '../../db/seed/seed-accounts.js';
import { seedLookups } from '../../db/seed/seed-lookups.js';
import { mailedCode } from '../../../test/mail-code.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 2; i++) {
    await seedLookups(t.deps);
    await seedAccounts(t.deps);
  }
});
afterAll(async () => t.close());

const login = async (username: string) => {
  const res = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username, password: 'Demo@1234' } });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().body.token}` };
};

describe('demo accounts', () => {
  it('has one account per role under the documented names and password', async () => {
    const expected = {
      student: 'Student', schoolstudent: 'SchoolStudent', teacher: 'Teacher', schoolteacher: 'SchoolTeacher',
      institution: 'Institution', clientadmin: 'ClientAdmin', instituteadmin: 'InstituteAdmin',
    };
    for (const [username, role] of Object.entries(expected)) {
      const res = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username, password: 'Demo@1234' } });
      expect(res.statusCode, username).toBe(200);
      expect(res.json().body.userTypeName).toBe(role);
    }
  });

  it('gives the demo student a complete profile', async () => {
    const headers = await login('student');
    const info = (await t.call({ method: 'GET', url: '/api/user/v1/getUserInfo', headers })).json().body;
    for (const field of ['instituteID', 'classID', 'sectionID', 'state', 'city', 'languageId', 'DOB', 'address', 'mobile']) {
      expect(info[field], field).not.toBeNull();
    }
    const profile = (await t.call({ method: 'GET', url: '/api/profile/v1/getInfo', headers })).json().body.Details;
    expect(profile.InstitutionWelComeMsg).toContain('Sunrise Academy');
    const parents = (await t.call({ method: 'GET', url: '/api/user/v1/getParentInfo', headers })).json().body;
    expect(parents).toMatchObject({ email: 'parent@example.com', phoneVerified: true });
  });

  it('lets the demo parent, linked to the demo student, sign in with a mailed code', async () => {
    const email = 'parent@example.com';
    const sent = await t.call({ method: 'POST', url: '/api/user/v1/sendMailforOtp', payload: { Email: email } });
    const res = await t.call({
      method: 'POST',
      url: '/api/user/v1/parentlogin',
      payload: { Email: email, otp: mailedCode(t.outboxDir, email), sessionId: sent.json().body.sessionId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().body.userTypeName).toBe('Parent');
    const student = await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'student') });
    const parent = await t.app.services.auth.resolveToken(res.json().body.token);
    expect(await t.app.services.auth.childrenOf(parent)).toEqual([{ id: student!.id, username: 'student', displayName: 'Priya Raman' }]);
    expect(await t.app.services.auth.isParentOf(parent, student!.id)).toBe(true);
    const other = await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'schoolstudent') });
    expect(await t.app.services.auth.isParentOf(parent, other!.id)).toBe(false);
  });

  it('grants the demo teacher every tab of the teacher menu but Exam Centres, which a client gives (decision 080)', async () => {
    const headers = await login('teacher');
    const tabs = (await t.call({ method: 'GET', url: '/api/teacher/v1/getUserInfo', headers })).json().body.Details.Permissions;
    const menu = [...new Set(MENUS.SchoolTeacher.filter((item) => item.tabName).map((item) => item.tabName))];
    expect(menu).toContain('Exam Centres');
    expect(tabs.map((tab: { TabName: string }) => tab.TabName)).toEqual(menu.filter((name) => name !== 'Exam Centres'));
  });
});
