import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, settled, signInAs } from '../../support/login';
import { axeViolations, englishInTamil, useLanguage, VIEWPORTS } from '../../support/a11y';

/*
 * A damaged attempt asked for again on the central Exam Centres screen (docs/centre.md §7,
 * decision 070): a centre paired through its own call sends a chain whose first record was altered
 * on the way, which the central server keeps as damaged. The client administrator opens the
 * centre's damaged attempts and asks for a fresh copy by keyboard, in English and in Tamil; the
 * list, open, passes axe at 1280 and 390 px, with no interface text left in English in Tamil.
 */

const SCHOOL = 'Kaveri Higher Secondary School';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A centre of the demo school, paired through the call a centre server makes, whose one attempt arrived damaged. */
async function damagedCentre(request: APIRequestContext) {
  const login = await request.post('/api/user/v1/login', { data: { username: 'clientadmin', password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const auth = { authorization: `Bearer ${(await login.json()).body.token}` };
  const list = await request.get('/api/centre/v1/list', { headers: auth });
  const school = ((await list.json()).body.institutes as Array<{ id: number; name: string }>).find((i) => i.name === SCHOOL)!;
  const made = await request.post('/api/centre/v1/createPairingCode', { headers: auth, data: { instituteId: school.id } });
  expect(made.ok(), await made.text()).toBe(true);
  const name = `Damaged lab ${Date.now() % 100_000}`;
  const paired = await request.post('/api/centre/v1/pair', { data: { code: (await made.json()).body.code, name } });
  expect(paired.ok(), await paired.text()).toBe(true);
  const { centreId, credential } = (await paired.json()).body as { centreId: number; credential: string };
  // Its chain arrives with the header's hash not its content's: damaged (altered).
  const attemptId = `e2e-damaged-${Date.now()}`;
  const record = { index: 0, kind: 'attempt', data: { scheduleId: 1 }, prevHash: sha256('genesis'), hash: sha256('something else') };
  const synced = await request.post('/api/centre/v1/sync', {
    headers: { authorization: `Centre ${credential}` },
    data: { attempts: [{ attemptId, head: { recordCount: 2, headHash: sha256('head') }, records: [record] }] },
  });
  expect(synced.ok(), await synced.text()).toBe(true);
  expect((await synced.json()).body.attempts[0]).toMatchObject({ state: 'damaged', reason: 'altered' });
  return { auth, name, centreId, credential, attemptId };
}

for (const language of ['en', 'tn'] as const) {
  test(`the client administrator asks a centre for a fresh copy of a damaged attempt by keyboard, axe at both widths, ${language}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const centre = await damagedCentre(request);
    await useLanguage(page, language);
    await signInAs(page, 'clientadmin');
    const section = page.getByRole('region', { name: new RegExp(centre.name) });
    const found: string[] = [];
    // Each width from a fresh load (the shell lays the page out again between them), the list opened by keyboard.
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.goto('/centres');
      await settled(page);
      await page.getByRole('row', { name: new RegExp(centre.name) }).getByRole('button', { name: language === 'en' ? '1 damaged attempt' : '1 சேதமடைந்த முயற்சி' }).focus();
      await page.keyboard.press('Enter');
      await expect(section.getByRole('listitem').filter({ hasText: centre.attemptId })).toBeVisible();
      found.push(...(await axeViolations(page, `/centres damaged attempts, ${viewportName}, ${language}`)));
      if (language === 'tn') found.push(...(await englishInTamil(page, `/centres damaged attempts, ${viewportName}`)));
    }
    expect(found).toEqual([]);

    // Asked for by keyboard: the central side waits for the centre's next sync, which is told to send it again.
    const ask = section.getByRole('listitem').filter({ hasText: centre.attemptId }).getByRole('button', { name: language === 'en' ? 'Ask for a fresh copy' : 'புதிய நகலைக் கேள்' });
    await ask.focus();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('status')).toContainText(centre.attemptId);
    await expect(section.getByRole('listitem').filter({ hasText: centre.attemptId })).toHaveCount(0);
    const asked = await request.post('/api/centre/v1/resendRequests', { headers: { authorization: `Centre ${centre.credential}` }, data: {} });
    expect((await asked.json()).body.attemptIds).toEqual([centre.attemptId]);
    const state = await request.get(`/api/centre/v1/syncState?centreId=${centre.centreId}`, { headers: centre.auth });
    expect((await state.json()).body.counts).toMatchObject({ damaged: 0, pending: 1 });
  });
}
